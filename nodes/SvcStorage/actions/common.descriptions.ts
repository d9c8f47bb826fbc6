import type { INodeProperties } from 'n8n-workflow';

export const accessRightsOption: INodeProperties = {
	displayName: 'Include Access Rights',
	name: 'accessRights',
	type: 'boolean',
	default: false,
	description: "Whether to add each item's access_rights object to the output",
};

/** Rename's New Name (its description says how the service treats a name already taken). */
export const newNameProperty: INodeProperties = {
	displayName: 'New Name',
	name: 'newName',
	type: 'string',
	default: '',
	required: true,
};
