import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocator } from '../../shared/parameters';
import type { StorageService } from '../../shared/services/storage/StorageService';
import { isToolUse } from '../../shared/toolUse';

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

/**
 * A folder or file parameter as a hash: what the picker or a listing gives, a path from ROOT
 * (/Documents/Reports), or (as an AI tool, whose model sends names) a unique name.
 */
export async function readEntryHash(
	ctx: IExecuteFunctions,
	storage: StorageService,
	kind: 'folder' | 'file',
	parameter: { name: string; label: string; required?: boolean },
	itemIndex: number,
): Promise<string> {
	const reference = readLocator(ctx, parameter.name, itemIndex, parameter.label, parameter.required ?? true);
	const rules = { byName: isToolUse(ctx) };
	return kind === 'folder'
		? await storage.folderHashOf(reference, rules, itemIndex)
		: await storage.fileHashOf(reference, rules, itemIndex);
}
