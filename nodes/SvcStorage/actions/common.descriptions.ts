import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { choice, optionsCollection, readOptionsCollection } from '../../shared/descriptions';
import { readLocator } from '../../shared/parameters';
import type { IfNameExists, StorageService } from '../../shared/services/storage/StorageService';
import { isToolUse } from '../../shared/toolUse';

export { fileLocator, folderLocator } from '../../shared/storageLocators';

export const accessRightsOption: INodeProperties = {
	displayName: 'Include Access Rights',
	name: 'accessRights',
	type: 'boolean',
	default: false,
	description: "Whether to add each item's access_rights object to the output",
};

export { optionsCollection, readOptionsCollection };

const IF_NAME_EXISTS: IfNameExists[] = ['keepBoth', 'useExisting', 'fail'];

/** If Name Exists, for a write that names a new folder or file: what to do when the folder already holds that name. */
export function ifNameExistsOption(kind: 'folder' | 'file'): INodeProperties {
	return choice(
		{
			displayName: 'If Name Exists',
			name: 'ifNameExists',
			default: 'keepBoth',
			description:
				`What to do when the folder already holds a ${kind} of that name. Use Existing or Fail make ` +
				`running the workflow again safe.`,
		},
		[
			[
				'Keep Both',
				'keepBoth',
				`Write a new ${kind}; the service numbers its name (over MCP a taken name is an error)`,
			],
			['Use Existing', 'useExisting', `Write nothing and output the existing ${kind}, marked existing: true`],
			['Fail', 'fail', 'Write nothing and fail the item'],
		],
	);
}

export function readIfNameExists(ctx: IExecuteFunctions, itemIndex: number): IfNameExists {
	const value = ctx.getNodeParameter('options.ifNameExists', itemIndex, 'keepBoth') as IfNameExists;
	if (IF_NAME_EXISTS.includes(value)) return value;
	throw new NodeOperationError(ctx.getNode(), `The option "If Name Exists" has an unknown value "${String(value)}"`, {
		itemIndex,
		description: 'Use Keep Both, Use Existing or Fail (keepBoth, useExisting, fail in an expression).',
	});
}

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
