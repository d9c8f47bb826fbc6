/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- test doubles of n8n core nodes, never shipped */
/**
 * Doubles of the two n8n core nodes the templates put between Svc nodes (n8n-nodes-base is not a dependency
 * here: it brings n8n's whole collection of nodes and their libraries). Each keeps the real node's type,
 * version and parameter names, so a template's node runs here as saved, and leaves the deciding to n8n's own
 * code: the Filter's conditions are evaluated by n8n-workflow's filter parameter (`extractValue`), Remove
 * Duplicates records and checks its values with n8n-core's deduplication helpers, over the store below in
 * place of n8n's `processed_data` table. What a double does not cover it refuses by name.
 */
import {
	NodeConnectionTypes,
	NodeOperationError,
	type DeduplicationItemTypes,
	type DeduplicationScope,
	type ICheckProcessedContextData,
	type ICheckProcessedOptions,
	type IDataDeduplicator,
	type IDeduplicationOutput,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

export const REMOVE_DUPLICATES_TYPE = 'n8n-nodes-base.removeDuplicates';
export const REMOVE_DUPLICATES_VERSION = 2;
export const FILTER_TYPE = 'n8n-nodes-base.filter';
export const FILTER_VERSION = 2.2;

/**
 * n8n's deduplication store in memory, as the CLI keeps it in its database: the values seen, per workflow
 * (scope `workflow`) or per workflow and node (scope `node`), at most `maxEntries` of them, oldest dropped
 * first. It lives as long as the process, so two executions of one workflow (the same workflow id) share it.
 */
export class MemoryDeduplicator implements IDataDeduplicator {
	private readonly seen = new Map<string, string[]>();

	private key(scope: DeduplicationScope, context: ICheckProcessedContextData): string {
		if (scope === 'workflow') return context.workflow.id;
		if (!context.node) throw new Error('The deduplication scope "node" needs the node');
		return `${context.workflow.id}:${context.node.id}`;
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries')
			throw new Error(`The harness keeps deduplication "entries" only, not "${options.mode}"`);
		const key = this.key(scope, context);
		const stored = this.seen.get(key) ?? [];
		const output: IDeduplicationOutput = { new: [], processed: [] };
		for (const item of items) {
			const value = String(item);
			if (stored.includes(value)) output.processed.push(item);
			else {
				output.new.push(item);
				stored.push(value);
			}
		}
		const max = Number(options.maxEntries ?? 0);
		this.seen.set(key, max > 0 ? stored.slice(-max) : stored);
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		context: ICheckProcessedContextData,
	): Promise<void> {
		const key = this.key(scope, context);
		const drop = new Set(items.map(String));
		this.seen.set(
			key,
			(this.seen.get(key) ?? []).filter((value) => !drop.has(value)),
		);
	}

	async clearAllProcessedItems(scope: DeduplicationScope, context: ICheckProcessedContextData): Promise<void> {
		this.seen.delete(this.key(scope, context));
	}

	async getProcessedDataCount(scope: DeduplicationScope, context: ICheckProcessedContextData): Promise<number> {
		return (this.seen.get(this.key(scope, context)) ?? []).length;
	}
}

function doubleDescription(name: string, displayName: string, version: number, outputs: number): INodeTypeDescription {
	return {
		displayName,
		name,
		group: ['transform'],
		version,
		description: `Harness double of n8n’s ${displayName}`,
		defaults: { name: displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: Array.from({ length: outputs }, () => NodeConnectionTypes.Main),
		properties: [],
	};
}

/**
 * n8n's Remove Duplicates v2, operation *Remove Items Processed in Previous Executions*, *Keep Items Where* →
 * *Value Is New* (its default): items whose *Value to Dedupe On* (`dedupeValue`) an earlier execution of the
 * node recorded leave through the second output ("Discarded"), the others through the first ("Kept"), and
 * their values are recorded; options *Scope* (`node`, default, or `workflow`) and *History Size* (default
 * 10000, the values kept). As the real node does, items sharing a value in one execution go together.
 */
export class HarnessRemoveDuplicates implements INodeType {
	description: INodeTypeDescription = {
		...doubleDescription('removeDuplicates', 'Remove Duplicates', REMOVE_DUPLICATES_VERSION, 2),
		properties: [
			{ displayName: 'Operation', name: 'operation', type: 'string', default: 'removeDuplicateInputItems' },
			{
				displayName: 'Keep Items Where',
				name: 'logic',
				type: 'string',
				default: 'removeItemsWithAlreadySeenKeyValues',
			},
			{ displayName: 'Value to Dedupe On', name: 'dedupeValue', type: 'string', default: '' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{ displayName: 'Scope', name: 'scope', type: 'string', default: 'node' },
					{ displayName: 'History Size', name: 'historySize', type: 'number', default: 10000 },
				],
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const operation = this.getNodeParameter('operation', 0) as string;
		const logic = this.getNodeParameter('logic', 0) as string;
		if (operation !== 'removeItemsSeenInPreviousExecutions' || logic !== 'removeItemsWithAlreadySeenKeyValues')
			throw new NodeOperationError(
				this.getNode(),
				`The harness's Remove Duplicates runs "Remove Items Processed in Previous Executions" with "Value Is New" only, not ${operation}/${logic}`,
			);
		const scope = this.getNodeParameter('options.scope', 0, 'node') as DeduplicationScope;
		const maxEntries = Number(this.getNodeParameter('options.historySize', 0, 10000));
		const byValue = new Map<string, INodeExecutionData[]>();
		items.forEach((item, index) => {
			const value = String(this.getNodeParameter('dedupeValue', index, '') ?? '');
			byValue.set(value, [...(byValue.get(value) ?? []), { ...item, pairedItem: { item: index } }]);
		});
		const options = { mode: 'entries', maxEntries } as ICheckProcessedOptions;
		const count = await this.helpers.getProcessedDataCount(scope, options);
		if (count + items.length > maxEntries)
			throw new NodeOperationError(
				this.getNode(),
				'The number of items to be processed exceeds the maximum history size. Please increase the history size or reduce the number of items to be processed.',
			);
		const checked = await this.helpers.checkProcessedAndRecord([...byValue.keys()], scope, options);
		const itemsOf = (values: DeduplicationItemTypes[]) => values.flatMap((value) => byValue.get(String(value)) ?? []);
		return [itemsOf(checked.new), itemsOf(checked.processed)];
	}
}

/**
 * n8n's Filter v2.2: each item whose *Conditions* hold leaves through its one output. The conditions are a
 * `filter` parameter, evaluated by n8n-workflow as in n8n (an item whose values do not fit the conditions'
 * types fails the node).
 */
export class HarnessFilter implements INodeType {
	description: INodeTypeDescription = {
		...doubleDescription('filter', 'Filter', FILTER_VERSION, 1),
		properties: [{ displayName: 'Conditions', name: 'conditions', type: 'filter', default: {} }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const kept = this.getInputData().flatMap((item, index) =>
			this.getNodeParameter('conditions', index, false, { extractValue: true })
				? [{ ...item, pairedItem: { item: index } }]
				: [],
		);
		return [kept];
	}
}
