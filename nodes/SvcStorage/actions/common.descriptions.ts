import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, readOptionsCollection } from '../../shared/descriptions';

export { fileLocator, folderLocator } from '../../shared/storageLocators';


export const accessRightsOption: INodeProperties = {
	displayName: 'Include Access Rights',
	name: 'accessRights',
	type: 'boolean',
	default: false,
	description: 'Whether to add each item\'s access_rights object to the output',
};

export { optionsCollection, readOptionsCollection };
