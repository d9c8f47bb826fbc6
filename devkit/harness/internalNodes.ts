/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/node-usable-as-tool -- this file runs in Node under the test tools, never inside n8n; its nodes are test doubles */
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';

import {
	NodeConnectionTypes,
	UnexpectedError,
	type IBinaryKeyData,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { FILTER_TYPE, HarnessFilter, HarnessRemoveDuplicates, REMOVE_DUPLICATES_TYPE } from './coreNodes';
import { HarnessLoopOverItems, LOOP_OVER_ITEMS_TYPE } from './loopOverItems';

/** One input item of `runNode`: JSON plus binary given as a Buffer or a file path (streamed, for big files). */
export interface HarnessInputItem {
	json?: IDataObject;
	/** `recordedBytes`: the size n8n records for the file, where a test needs another than its own (the item pacing). */
	binary?: Record<string, { data: Buffer | string; fileName?: string; mimeType?: string; recordedBytes?: number }>;
}

export const MANUAL_TRIGGER_TYPE = 'n8n-nodes-base.manualTrigger';
export const NO_OP_TYPE = 'n8n-nodes-base.noOp';
export const ITEMS_TYPE = 'harness.items';
export const WAIT_TYPE = 'n8n-nodes-base.wait';

/**
 * Items cannot travel through node parameters (n8n copies and resolves those), so a run registers
 * its input here and the items node reads it back by key.
 */
const pendingItems = new Map<string, HarnessInputItem[]>();
let itemsKeyCounter = 0;

export function registerItems(items: HarnessInputItem[], key = `items-${process.pid}-${++itemsKeyCounter}`): string {
	pendingItems.set(key, items);
	return key;
}

export function releaseItems(key: string): void {
	pendingItems.delete(key);
}

function baseDescription(name: string, displayName: string): Omit<INodeTypeDescription, 'properties'> {
	return {
		displayName,
		name,
		group: ['transform'],
		version: 1,
		description: `Harness-internal ${displayName}`,
		defaults: { name: displayName },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
	};
}

/** Starts a manual execution and passes its single empty item on, like n8n's Manual Trigger. */
class HarnessManualTrigger implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription('manualTrigger', 'Manual Trigger'),
		group: ['trigger'],
		inputs: [],
		maxNodes: 1,
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

class HarnessNoOp implements INodeType {
	description: INodeTypeDescription = { ...baseDescription('noOp', 'No Operation'), properties: [] };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/**
 * A double of n8n's Wait node resuming after a time interval (`resume: 'timeInterval'`, `amount`, `unit`), written
 * from its documentation: it waits (a plain timer, which a warp shortens) and passes its items on, each paired with
 * its input. `passOnRuns` is the harness's own, standing in for the If (`$runIndex` below a bound) a loop back into a
 * node wants: from that run of the Wait on, it passes nothing on.
 */
class HarnessWait implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription('wait', 'Wait'),
		properties: [
			{ displayName: 'Resume', name: 'resume', type: 'string', default: 'timeInterval' },
			{ displayName: 'Amount', name: 'amount', type: 'number', default: 1 },
			{ displayName: 'Unit', name: 'unit', type: 'string', default: 'seconds' },
			{ displayName: 'Pass On Runs', name: 'passOnRuns', type: 'number', default: 0 },
		],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const amount = Number(this.getNodeParameter('amount', 0, 1));
		const unit = String(this.getNodeParameter('unit', 0, 'seconds'));
		const factor = { seconds: 1000, minutes: 60_000, hours: 3_600_000 }[unit] ?? 1000;
		await new Promise((resolve) => setTimeout(resolve, amount * factor));
		const passOnRuns = Number(this.getNodeParameter('passOnRuns', 0, 0));
		const runIndex = (this as unknown as { runIndex?: number }).runIndex ?? 0;
		if (passOnRuns > 0 && runIndex >= passOnRuns) return [[]];
		return [this.getInputData().map((item, index) => ({ ...item, pairedItem: { item: index } }))];
	}
}

/** Emits the items a test registered, storing their binary through n8n's binary data service. */
class HarnessItems implements INodeType {
	description: INodeTypeDescription = {
		...baseDescription('items', 'Harness Items'),
		properties: [{ displayName: 'Items Key', name: 'itemsKey', type: 'string', default: '' }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const key = this.getNodeParameter('itemsKey', 0) as string;
		const items = pendingItems.get(key);
		if (!items) throw new UnexpectedError(`No harness items registered under "${key}"`);
		const output: INodeExecutionData[] = [];
		for (const item of items) {
			const out: INodeExecutionData = { json: structuredClone(item.json ?? {}), pairedItem: { item: 0 } };
			if (item.binary) {
				const binary: IBinaryKeyData = {};
				for (const [property, file] of Object.entries(item.binary)) {
					if (typeof file.data === 'string') {
						binary[property] = await this.helpers.prepareBinaryData(
							createReadStream(file.data),
							file.fileName ?? basename(file.data),
							file.mimeType,
						);
					} else {
						binary[property] = await this.helpers.prepareBinaryData(file.data, file.fileName, file.mimeType);
					}
					if (file.recordedBytes !== undefined) binary[property].bytes = file.recordedBytes;
				}
				out.binary = binary;
			}
			output.push(out);
		}
		return [output];
	}
}

export function internalNodeTypes(): Record<string, INodeType> {
	return {
		[MANUAL_TRIGGER_TYPE]: new HarnessManualTrigger(),
		[NO_OP_TYPE]: new HarnessNoOp(),
		[WAIT_TYPE]: new HarnessWait(),
		[ITEMS_TYPE]: new HarnessItems(),
		[LOOP_OVER_ITEMS_TYPE]: new HarnessLoopOverItems(),
		[REMOVE_DUPLICATES_TYPE]: new HarnessRemoveDuplicates(),
		[FILTER_TYPE]: new HarnessFilter(),
	};
}
