import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { DEFAULT_ITEMS_PER_BATCH } from '../description/common.descriptions';
import type { Api, Operation, Operations } from '../description/operation';
import { parameterOf, readTimeout } from './parameters';
import { unavailable, type Unavailability } from '../adapters/availability';
import { keepsCapabilityKeys, withoutCapabilityKeys } from './toolUse';
import { setLongestRateLimitWait } from '../transport/http';
import { wasThrottled } from '../transport/throttle';
import { oncePerItem } from '../transport/timeouts';
import { isUnknownWriteOutcome, OUTCOME_UNCERTAIN, sayingOutcomeUncertain } from '../transport/errors';
import { WriteRecords } from '../services/exactlyOnce/writeRecords';
import { TOKEN_KEY, tokenOfRecord } from '../services/exactlyOnce/wayForward';
import { EVERYTHING } from '../services/exactlyOnce/writeTurns';
import { withEarlierWrite } from '../services/exactlyOnce/uncertainWrite';
import { runningNodeOf } from '../transport/runningNode';
import { ItemBatches, type ItemSlot } from './itemBatches';
import { recordedBytes } from './binary';

/** What the router needs of a node: its operations, the API its credential speaks, its service. */
export interface NodeActions<TDeps> {
	resources: Record<string, Operations<TDeps>>;
	apiOf(ctx: IExecuteFunctions): Api;
	/**
	 * The service for this execution and how to end what it opens; `itemTimeout` is each item's Timeout option,
	 * `records` the run's write records (a write operation's run: created here, handed down to the service).
	 */
	open(
		ctx: IExecuteFunctions,
		itemTimeout: (itemIndex: number) => number,
		records?: WriteRecords,
	): { deps: TDeps; close(): Promise<void> };
	/** Why an operation is missing over the other API, for the refusal (a node that speaks one API has none). */
	unavailability?: Unavailability;
}

/**
 * How many of a write's items run at once: as many as n8n's HTTP Request node sends in a batch when its Batching is
 * on. Fewer left the node and the service idle in turn at the end of each batch (200 uploads took 1.2-1.5 times the
 * HTTP Request node's time in batches of 10, about as long in batches of 50; 200 Task → Create 1.3-1.5 and 1.1-1.2).
 */
export const WRITES_AT_ONCE = 50;

/**
 * The bytes of the files a batch of writes sends, at most (a larger file goes alone): over the MCP endpoint and from
 * n8n's database binary store each file is read whole before it is sent, so 50 large files at once would all be in
 * memory together.
 */
export const FILE_BYTES_AT_ONCE = 64 * 1024 * 1024;

/** The size of the file a write's item sends (its Input Binary Field's, as n8n recorded it), 0 where it sends none. */
function fileBytesOf(
	ctx: IExecuteFunctions,
	operation: Pick<Operation<unknown>, 'access' | 'description'>,
): (itemIndex: number) => number {
	const sendsFile = operation.access !== 'read' && operation.description.some((p) => p.name === 'binaryPropertyName');
	if (!sendsFile) return () => 0;
	const items = ctx.getInputData();
	return (itemIndex) => {
		try {
			const field = parameterOf(ctx, 'binaryPropertyName', itemIndex, 'data');
			return typeof field === 'string' ? recordedBytes(items[itemIndex]?.binary?.[field]) : 0;
		} catch {
			// The item's own run says what is wrong with its field.
			return 0;
		}
	};
}

/**
 * How many items run at once: reads over REST in batches (the Batching option), MCP reads one by one, a write's items
 * in batches of `WRITES_AT_ONCE`.
 */
export function itemPace(
	ctx: IExecuteFunctions,
	operation: Pick<Operation<unknown>, 'access'>,
	api: Api,
): { itemsPerBatch: number; batchIntervalMs: number } {
	// A write's items run at once, each write in its turn (writeTurns.ts).
	if (operation.access !== 'read') return { itemsPerBatch: WRITES_AT_ONCE, batchIntervalMs: 0 };
	if (api === 'mcp') return { itemsPerBatch: 1, batchIntervalMs: 0 };
	const batch = ctx.getNodeParameter('options.batching.batch', 0, {}) as {
		batchSize?: unknown;
		batchInterval?: unknown;
	};
	const size = Number(batch.batchSize ?? DEFAULT_ITEMS_PER_BATCH);
	const interval = Number(batch.batchInterval ?? 0);
	return {
		itemsPerBatch: Number.isFinite(size) && size >= 1 ? Math.floor(size) : DEFAULT_ITEMS_PER_BATCH,
		batchIntervalMs: Number.isFinite(interval) && interval > 0 ? Math.floor(interval) : 0,
	};
}

/** The operation the Resource and Operation parameters name, or the error that says it does not exist. */
function chosenOperation<TDeps>(
	ctx: IExecuteFunctions,
	resources: Record<string, Operations<TDeps>>,
): { resource: string; name: string; operation: Operation<TDeps> } {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const name = ctx.getNodeParameter('operation', 0) as string;
	const operation = Object.hasOwn(resources[resource] ?? {}, name) ? resources[resource][name] : undefined;
	if (!operation)
		throw new NodeOperationError(ctx.getNode(), `The operation "${name}" is not supported for "${resource}"`);
	return { resource, name, operation };
}

/**
 * A failed item: the error with its item index, or (On Error → Continue) an error item in its
 * place, "Outcome uncertain" told apart in `outcome`. With "Continue (using error output)" it holds
 * only the keys n8n routes to the error output (`error`, `details`), where n8n adds the input's
 * fields; with "Continue" it stays on the main output with `description` beside `error`. An uncertain
 * write's item carries its token (`uncertainWrite`: the write's digests, send time and `locate`, no key or
 * answer; writeRecords.ts) and the input's files: sent back into the node, it is settled, not written anew.
 */
function failedItem(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
	records?: WriteRecords,
): INodeExecutionData {
	const failure =
		error instanceof NodeApiError || error instanceof NodeOperationError
			? error
			: new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
	if (failure.context.itemIndex === undefined) failure.context.itemIndex = itemIndex;
	if (!ctx.continueOnFail()) throw failure;
	const description =
		typeof failure.description === 'string' && failure.description ? { description: failure.description } : {};
	const uncertain = failure.message.startsWith(OUTCOME_UNCERTAIN);
	const outcome = uncertain ? { outcome: 'uncertain' } : {};
	const token = uncertain && records ? tokenOfRecord(ctx, records.forItem(itemIndex).find()) : undefined;
	const carried = token ? { [TOKEN_KEY]: token } : {};
	const json =
		runningNodeOf(ctx).onError === 'continueErrorOutput'
			? { error: failure.message, details: { ...description, ...outcome, ...carried } }
			: { error: failure.message, ...description, ...outcome, ...carried };
	const binary = token ? ctx.getInputData()[itemIndex]?.binary : undefined;
	return { json, ...(binary ? { binary } : {}), pairedItem: { item: itemIndex } };
}

/**
 * One item's output: its items paired with it and without capability keys where they are not wanted,
 * or its failure (with the write it recorded earlier, if any).
 */
function itemOutput(
	ctx: IExecuteFunctions,
	result: PromiseSettledResult<INodeExecutionData[]>,
	itemIndex: number,
	records: WriteRecords | undefined,
): INodeExecutionData[] {
	if (result.status === 'rejected') {
		// An unknown outcome no executor settled (every write runs through one: this is the net) says so here.
		const said = isUnknownWriteOutcome(result.reason) ? sayingOutcomeUncertain(result.reason) : result.reason;
		const error = withEarlierWrite(ctx.getNode(), said, records?.earlierWriteOf(itemIndex), itemIndex);
		return [failedItem(ctx, error, itemIndex, records)];
	}
	const keys = keepsCapabilityKeys(ctx, itemIndex);
	return result.value.map((item) => ({
		...item,
		json: keys ? item.json : withoutCapabilityKeys(item.json),
		pairedItem: item.pairedItem ?? { item: itemIndex },
	}));
}

/**
 * One item through its operation, settled: an item that fails while later ones are still starting is not a promise
 * rejected with nobody awaiting it. A write's item begins before it runs and ends however it ends (writeTurns.ts);
 * an operation declared `write` takes its turn for all the item does, a `claimingWrite` where it writes.
 */
async function runItem<TDeps>(
	ctx: IExecuteFunctions,
	operation: Operation<TDeps>,
	itemIndex: number,
	deps: TDeps,
	records: WriteRecords | undefined,
	slot: ItemSlot,
): Promise<PromiseSettledResult<INodeExecutionData[]>> {
	let failed = true;
	records?.turns.begin(itemIndex);
	// The next batch need not wait for it once its write is settled: what follows (its output) sends no write.
	void records?.turns.over(itemIndex)?.then(slot.free);
	try {
		if (operation.access === 'write') await records?.turns.take(itemIndex, EVERYTHING);
		const value = await operation.execute.call(ctx, itemIndex, deps);
		failed = false;
		return { status: 'fulfilled', value };
	} catch (reason) {
		return { status: 'rejected', reason };
	} finally {
		const stopsRun = failed && !ctx.continueOnFail();
		records?.turns.end(itemIndex, stopsRun);
		slot.end(stopsRun);
	}
}

/**
 * Runs the chosen operation for every input item over the node's service, in batches of as many as itemPace says (one
 * at a time once the service answered 429; itemBatches.ts), and ends what the service opened.
 * Output keeps the input order, each item paired with its input item, without capability keys
 * where they are not wanted (execution/toolUse.ts: an AI tool's output goes to the model's provider).
 */
export async function route<TDeps>(
	this: IExecuteFunctions,
	actions: NodeActions<TDeps>,
): Promise<INodeExecutionData[][]> {
	const { resource, operation } = chosenOperation(this, actions.resources);
	const api = actions.apiOf(this);
	if (!operation.runsOver.includes(api))
		throw unavailable(
			this.getNode(),
			`The operation "${operation.option.name}" of "${resource}"`,
			api,
			actions.unavailability,
		);
	// Read from the first item, as the Batching option is: it bounds the execution's waits on a 429.
	setLongestRateLimitWait(this, Number(this.getNodeParameter('options.rateLimitWait', 0, Number.NaN)));
	// A write operation's run records its writes (writeRecords.ts): created here, where the run starts.
	const records = operation.access === 'read' ? undefined : new WriteRecords(this);
	const { deps, close } = actions.open(
		this,
		oncePerItem((itemIndex) => readTimeout(this, itemIndex)),
		records,
	);
	const items = this.getInputData();
	const output: INodeExecutionData[] = [];
	const { itemsPerBatch, batchIntervalMs } = itemPace(this, operation, api);
	const room = () => (wasThrottled(this) ? 1 : itemsPerBatch);
	const failedItems: number[] = [];
	records?.begin();
	let threw = true;
	try {
		const batches = new ItemBatches<PromiseSettledResult<INodeExecutionData[]>>(
			room,
			batchIntervalMs,
			FILE_BYTES_AT_ONCE,
		);
		const fileBytes = fileBytesOf(this, operation);
		for (let itemIndex = 0; itemIndex < items.length && (await batches.open(fileBytes(itemIndex))); itemIndex++)
			// Each item's promise as runItem gives it: no frame of the route's own between the route and the item.
			batches.items.push(runItem(this, operation, itemIndex, deps, records, batches.take()));
		records?.turns.everyBegun();
		const settled = await Promise.all(batches.items);
		settled.forEach((result, itemIndex) => {
			if (result.status === 'rejected') failedItems.push(itemIndex);
			for (const item of itemOutput(this, result, itemIndex, records)) output.push(item);
		});
		threw = false;
	} finally {
		await close();
		// Kept only while n8n may run this run of the node again (Retry On Fail, Retry execution).
		records?.finish({ threw, failedItems });
	}
	return [output];
}
