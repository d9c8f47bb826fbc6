import type { IExecuteFunctions, INodeExecutionData, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { Api } from '../adapters/adapter';
import { withEarlierUncertainWrites } from './earlierUncertainWrites';
import { withModelInputs } from './modelInputs';
import { toolDescriptionProperty } from './toolDescriptions';

/**
 * How an operation's items run (execution/router.ts): `read` only reads (at once over REST); `write` writes, one
 * item after another; `claimingWrite` writes through a service that claims what each write makes (a name in a
 * folder, a document, a comment's text on a task: services/exactlyOnce/writeTurns.ts), items at once except
 * where their claims meet.
 */
export type Access = 'read' | 'write' | 'claimingWrite';

export type { Api };

export const OVER_REST_AND_MCP: readonly Api[] = ['rest', 'mcp'];
export const OVER_REST_ONLY: readonly Api[] = ['rest'];
export const OVER_MCP_ONLY: readonly Api[] = ['mcp'];

/**
 * What a write makes, declared by every operation that writes (`access` other than `read`); the suites read it
 * (test/architecture/operationCases.test.ts fails a write without it). `kind` is what it makes: a storage `folder`
 * or `file`; a DVS register's `document`, a task's `comment` or `attachment` (a file in the task's folder). A write
 * that makes nothing new says so: `change` (it changes what exists: rename, move, delete, restore, update, a stored
 * key; nothing to duplicate or lose) or `message` (the service acts on it and shows nothing the node could read
 * back: an e-signature request's e-mails, an MCP tool's call). `into` is the parameter naming where it is made (a
 * folder, the task, a task's project) or, for a change, what it changes; undefined where the resource itself is the
 * place (a register without a parent). `named` is the parameter giving its name (a path into a collection:
 * `options.fileName`); undefined where the service names it or no one parameter does (a document's name is one of
 * its Fields).
 */
/**
 * A write operation's write, by its kind (services/exactlyOnce/README.md, "Three kinds of write"): a `create` makes
 * a new object in a place (`makes`), run by the executor's `writeOnce`; a `set` leaves an object in a stated state,
 * run by `setOnce` (a DVS update by `writeOnce`, its turn and its values' verdict); a `send` has an effect no read
 * can show, run by `sendOnce`. `into` and `named`: the parameters of its place and its name, where it has them.
 */
export interface Writes {
	kind: 'create' | 'set' | 'send';
	makes?: 'folder' | 'file' | 'document' | 'comment' | 'attachment';
	into: string | undefined;
	named: string | undefined;
}

/** What an operation shows in the node's action list (its value is its key in the resource). */
export type OperationOption = Required<Pick<INodePropertyOptions, 'name' | 'action' | 'description'>>;

/**
 * One operation, declared once in its `<operation>.operation.ts`: what the action list shows,
 * whether it reads or writes (and what its write makes), which APIs run it, what it gives (for the model
 * reading its tool description: "the moved file's hash, name and new folder"), its parameters and what it
 * does for one item. The router, the item pacing, the operation selector and the availability refusal read
 * this; the suites read `writes` beside `access` and `runsOver`.
 */
export interface Operation<TDeps> {
	option: OperationOption;
	access: Access;
	writes?: Writes;
	runsOver: readonly Api[];
	returns: string;
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: TDeps): Promise<INodeExecutionData[]>;
}

/** A resource's operations, by the value of the Operation parameter. */
export type Operations<TDeps> = Record<string, Operation<TDeps>>;

function labelled(option: OperationOption, runsOver: readonly Api[]): OperationOption {
	if (!runsOver.includes('mcp')) return { ...option, description: `${option.description} (not over MCP)` };
	if (!runsOver.includes('rest')) return { ...option, description: `${option.description} (MCP only)` };
	return option;
}

/**
 * A resource's Operation parameter and the parameters of its operations. Every operation is listed
 * once whichever credential is chosen; on a node that speaks both APIs, one that runs over only
 * one says so ("(not over MCP)", "(MCP only)") and the router refuses it over the other. As a
 * tool, each operation carries its own Tool Description (`description/toolDescriptions.ts`). A write's Options
 * collection gets Earlier Uncertain Writes (earlierUncertainWrites.ts), declared once there, unless the node's writes
 * run without the write executor's records (`earlierWrites: false`).
 */
export function resourceDescription<TDeps>(
	resource: string,
	operations: Operations<TDeps>,
	defaultOperation: string,
	options: { bothApis?: boolean; show?: Record<string, string[]>; earlierWrites?: boolean } = {},
): INodeProperties[] {
	const entries = Object.entries(operations);
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource], ...options.show } },
		options: entries
			.map(([value, operation]) => ({
				...(options.bothApis === false ? operation.option : labelled(operation.option, operation.runsOver)),
				value,
			}))
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	const toolDescriptions = entries.map(([value, operation]) => {
		const property = toolDescriptionProperty(resource, value, operation);
		return { ...property, displayOptions: { show: { ...property.displayOptions?.show, ...options.show } } };
	});
	const parametersOf = (operation: Operation<TDeps>) =>
		operation.access === 'read' || options.earlierWrites === false
			? operation.description
			: operation.description.map((property) =>
					property.name === 'options' && property.type === 'collection'
						? withEarlierUncertainWrites(property)
						: property,
				);
	return [
		selector,
		...toolDescriptions,
		...entries.flatMap(([, operation]) => withModelInputs(parametersOf(operation))),
	];
}
