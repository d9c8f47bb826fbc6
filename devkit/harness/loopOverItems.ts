/* eslint-disable @n8n/community-nodes/node-usable-as-tool -- a test double of an n8n core node, never shipped */
import {
	NodeConnectionTypes,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

/** The type name and version of n8n's Loop Over Items node (n8n-nodes-base is not a dependency here). */
export const LOOP_OVER_ITEMS_TYPE = 'n8n-nodes-base.splitInBatches';
export const LOOP_OVER_ITEMS_VERSION = 3;

/** What the node keeps between its runs, in its own context data (n8n saves it with the execution). */
interface LoopState extends IDataObject {
	/** Items of the current set not yet sent through the loop output. */
	pending?: INodeExecutionData[];
	/** Items that came back from the loop, in order: what the done output gives at the end. */
	returned?: INodeExecutionData[];
}

/**
 * A double of n8n's Loop Over Items (Split in Batches v3), written from its documentation: it keeps
 * the items it is given and returns Batch Size of them at a time through the "loop" output (output 1);
 * the nodes of the loop send their output back to its input, which it collects; once no item is left
 * it returns everything collected through the "done" output (output 0) and starts afresh with the
 * next items it is given. With the Reset option on, every arrival is a new set of items. Each output
 * that has nothing to give is empty, so n8n runs nothing after it.
 */
export class HarnessLoopOverItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Loop Over Items',
		name: 'splitInBatches',
		group: ['organization'],
		version: LOOP_OVER_ITEMS_VERSION,
		description: 'Harness double of n8n’s Loop Over Items',
		defaults: { name: 'Loop Over Items' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main, NodeConnectionTypes.Main],
		outputNames: ['done', 'loop'],
		properties: [
			{ displayName: 'Batch Size', name: 'batchSize', type: 'number', typeOptions: { minValue: 1 }, default: 1 },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [{ displayName: 'Reset', name: 'reset', type: 'boolean', default: false }],
			},
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const state = this.getContext('node') as LoopState;
		const input = this.getInputData();
		const reset = this.getNodeParameter('options.reset', 0, false) === true;
		if (state.pending === undefined || reset) {
			state.pending = input.map((item, index) => ({ ...item, pairedItem: { item: index } }));
			state.returned = [];
		} else {
			state.returned = [...(state.returned ?? []), ...input];
		}
		if (state.pending.length === 0) {
			const done = state.returned ?? [];
			delete state.pending;
			delete state.returned;
			return [done, []];
		}
		const batchSize = Math.max(1, Math.floor(Number(this.getNodeParameter('batchSize', 0, 1))));
		const batch = state.pending.slice(0, batchSize);
		state.pending = state.pending.slice(batchSize);
		return [[], batch];
	}
}
