import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import { DEFAULT_ITEMS_PER_BATCH } from './descriptions';
import { wasThrottled } from './transport/http';

export type ItemOperation<TDeps> = (
	this: IExecuteFunctions,
	itemIndex: number,
	deps: TDeps,
) => Promise<INodeExecutionData[]>;

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/** How the items of one execution are paced: how many run at once, and the pause between batches. */
export interface ItemPace {
	itemsPerBatch: number;
	batchIntervalMs: number;
}

const ONE_AT_A_TIME: ItemPace = { itemsPerBatch: 1, batchIntervalMs: 0 };

/** Operations that only read (get…, list…, download): their items may run at once. */
const READ_OPERATION = /^(get|list|download)/;

/**
 * The pace of an operation's items. Reads over the REST API run in batches (the Batching option,
 * read from the first item as n8n's HTTP Request node does; 10 at once by default); writes, whose
 * order and read-back reconciliation depend on one finishing before the next, and everything over an
 * MCP session run one after another.
 */
export function itemPace(ctx: IExecuteFunctions, operationName: string, overMcp: boolean): ItemPace {
	if (overMcp || !READ_OPERATION.test(operationName)) return ONE_AT_A_TIME;
	const batch = ctx.getNodeParameter('options.batching.batch', 0, {}) as { batchSize?: unknown; batchInterval?: unknown };
	const size = Number(batch.batchSize ?? DEFAULT_ITEMS_PER_BATCH);
	const interval = Number(batch.batchInterval ?? 0);
	return {
		itemsPerBatch: Number.isFinite(size) && size >= 1 ? Math.floor(size) : DEFAULT_ITEMS_PER_BATCH,
		batchIntervalMs: Number.isFinite(interval) && interval > 0 ? Math.floor(interval) : 0,
	};
}

/**
 * Runs one operation for every input item, a batch at a time (see itemPace). Output keeps the input
 * order and every output item is paired with its input item; with "Continue On Fail" a failed item
 * becomes an error item instead of stopping the node. Once the service answers 429, the rest goes
 * one item at a time.
 */
export async function runPerItem<TDeps>(
	ctx: IExecuteFunctions,
	operation: ItemOperation<TDeps>,
	deps: TDeps,
	pace: ItemPace = ONE_AT_A_TIME,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const output: INodeExecutionData[] = [];
	let batchSize = pace.itemsPerBatch;
	for (let start = 0; start < items.length; start += batchSize) {
		if (start > 0 && pace.batchIntervalMs > 0) await sleep(pace.batchIntervalMs);
		if (wasThrottled(ctx)) batchSize = 1;
		const indexes = Array.from({ length: Math.min(batchSize, items.length - start) }, (_, offset) => start + offset);
		const settled = await Promise.allSettled(indexes.map(async (itemIndex) => await operation.call(ctx, itemIndex, deps)));
		settled.forEach((result, offset) => {
			const itemIndex = indexes[offset];
			if (result.status === 'fulfilled') {
				for (const item of result.value) output.push({ ...item, pairedItem: item.pairedItem ?? { item: itemIndex } });
				return;
			}
			const failure = withItemIndex(ctx, result.reason, itemIndex);
			if (!ctx.continueOnFail()) throw failure;
			const description = (failure as { description?: unknown }).description;
			output.push({
				json: {
					error: failure.message,
					...(typeof description === 'string' && description ? { description } : {}),
				},
				pairedItem: { item: itemIndex },
			});
		});
	}
	return [output];
}

/** One output item from a JSON object, paired with its input item. */
export function jsonItem(json: INodeExecutionData['json'], itemIndex: number): INodeExecutionData {
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * The operation the node's Resource and Operation parameters name, from the node's
 * `resources` (each an `actions/<resource>` module), or the error that says it does not exist.
 */
export function chosenOperation<Op extends { execute: unknown }>(
	ctx: IExecuteFunctions,
	resources: Record<string, Record<string, unknown>>,
): { resource: string; operationName: string; operation: Op } {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operationName = ctx.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName] as Op | undefined;
	if (!operation || operationName === 'description' || typeof operation.execute !== 'function') {
		throw new NodeOperationError(ctx.getNode(), `The operation "${operationName}" is not supported for "${resource}"`);
	}
	return { resource, operationName, operation };
}
