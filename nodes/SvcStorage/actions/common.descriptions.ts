import type { INodeProperties } from 'n8n-workflow';

import { folderLocator } from '../../shared/description/common.descriptions';

export const accessRightsOption: INodeProperties = {
	displayName: 'Include Access Rights',
	name: 'accessRights',
	type: 'boolean',
	default: false,
	description: "Whether to add each item's access_rights object to the output",
};

/**
 * Rename's New Name, a file's and a folder's alike (one parameter of the node: shared/description/mergedParameters.ts).
 */
export const newNameProperty: INodeProperties = {
	displayName: 'New Name',
	name: 'newName',
	type: 'string',
	default: '',
	required: true,
	description:
		'The service normalizes the name and adds a number when another entry of the folder has it already; the ' +
		'output has the final name',
};

/** Move's Target Folder, a file's and a folder's alike. */
export const targetFolderLocator: INodeProperties = {
	...folderLocator,
	displayName: 'Target Folder',
	name: 'targetFolder',
	description: 'Folder to move it into (a folder: not into itself or one of its subfolders)',
};

/** The folder a file is stored in by Upload and Import From URL alike. */
export const fileFolderLocator: INodeProperties = {
	...folderLocator,
	description: 'Folder to store the file in (not ROOT: files cannot be stored directly in ROOT)',
};
