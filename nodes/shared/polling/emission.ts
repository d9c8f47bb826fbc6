import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

/** How long this process remembers a poll's emission to hold back a stale poll of the same trigger. */
export const EMISSION_MEMORY_MS = 5 * 60_000;

/** The last emission of each trigger in this process: the saved-state number it left, and when. */
const emissions = new Map<string, { seq: number; at: number }>();

/** Triggers with a poll running in this process. */
const running = new Set<string>();

function triggerKey(ctx: IPollFunctions): string {
	const node = ctx.getNode();
	return `${ctx.getWorkflow().id ?? ''}:${node.id || node.name}`;
}

function restore(data: IDataObject, copy: IDataObject): void {
	for (const key of Object.keys(data)) delete data[key];
	Object.assign(data, copy);
}

/**
 * Runs one poll so that, within this process, no two polls of one trigger emit the same items. n8n
 * can run two polls of a trigger at once: a poll slower than its interval, or, under the durable
 * scheduler, a crashed poll's task run again beside the next one (each fenced only by its own lease,
 * each committing what it read). A poll that starts while another of the same trigger runs here
 * emits nothing and touches nothing. Every emitting poll numbers the state it saves (`seq`); a poll
 * whose saved state is older than one this process already emitted from (it was read before that
 * poll's commit) is stale: it emits nothing and leaves the saved state as it found it. A remembered
 * emission whose state was never saved (a lost save, a refused commit) holds polls back for
 * `EMISSION_MEMORY_MS` at most; then they emit again.
 */
export async function emitOnce(
	ctx: IPollFunctions,
	poll: () => Promise<INodeExecutionData[][] | null>,
	clock: () => number = Date.now,
): Promise<INodeExecutionData[][] | null> {
	if (ctx.getMode() === 'manual') return await poll();
	const key = triggerKey(ctx);
	if (running.has(key)) {
		ctx.logger.warn('Another poll of this trigger is still running; this one emits nothing');
		return null;
	}
	running.add(key);
	try {
		const data = ctx.getWorkflowStaticData('node');
		const found = JSON.parse(JSON.stringify(data)) as IDataObject;
		const base = Number.isInteger(found.seq) ? (found.seq as number) : 0;
		const result = await poll();
		if (!result) return result;
		const last = emissions.get(key);
		if (last && last.seq > base && clock() - last.at < EMISSION_MEMORY_MS) {
			restore(data, found);
			ctx.logger.warn(
				'Another poll of this trigger already emitted from the same saved position; this one emits nothing',
			);
			return null;
		}
		data.seq = base + 1;
		emissions.set(key, { seq: base + 1, at: clock() });
		return result;
	} finally {
		running.delete(key);
	}
}
