import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { IfNameExists } from '../../shared/services/storage/entryWrites';
import { parameterOf } from '../../shared/execution/parameters';

const IF_NAME_EXISTS: IfNameExists[] = ['keepBoth', 'useExisting', 'fail'];

/** If Name Exists, for a write that names a new folder or file: what to do when the folder already holds that name. */
export function ifNameExistsOption(kind: 'folder' | 'file'): INodeProperties {
	return {
		displayName: 'If Name Exists',
		name: 'ifNameExists',
		type: 'options',
		options: [
			{
				name: 'Keep Both',
				value: 'keepBoth',
				description: `Write a new ${kind}; the service numbers its name (over MCP a taken name is an error)`,
			},
			{
				name: 'Use Existing',
				value: 'useExisting',
				description: `Write nothing and output the existing ${kind}, marked existing: true`,
			},
			{ name: 'Fail', value: 'fail', description: 'Write nothing and fail the item' },
		],
		default: 'keepBoth',
		description:
			`What to do when the folder already holds a ${kind} of that name. Use Existing or Fail make ` +
			`running the workflow again safe.`,
	};
}

/** The If Name Exists option of a write that names a new folder or file (Folder → Create, File → Upload). */
export function readIfNameExists(ctx: IExecuteFunctions, itemIndex: number): IfNameExists {
	const value = parameterOf(ctx, 'options.ifNameExists', itemIndex, 'keepBoth') as IfNameExists;
	if (IF_NAME_EXISTS.includes(value)) return value;
	throw new NodeOperationError(ctx.getNode(), `The option "If Name Exists" has an unknown value "${String(value)}"`, {
		itemIndex,
		description: 'Use Keep Both, Use Existing or Fail (keepBoth, useExisting, fail in an expression).',
	});
}
