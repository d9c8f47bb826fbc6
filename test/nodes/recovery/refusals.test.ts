/**
 * Every outcome is recorded, refusals too (issue 39, "A certain refusal becomes a false 'Outcome
 * uncertain'"): a run whose item 0 was refused for certain (REST 400, MCP `permission_denied`) or
 * failed at its destination (not there yet), with an object like it there from an earlier
 * execution; Retry execution writes it as a first run would: once, and never "Outcome uncertain ...
 * retries one that stopped without recording". Every write kind, REST and MCP.
 */
import { sim, useRecoveryEnv } from './env';
import { kindRows, WRITE_KINDS, type Destination, type WriteKind } from './writeKinds';
import { NAME_CONFLICT, outcomeOf, requestsSince, runAlone, type RunOutcome } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** An earlier execution of the node wrote `marker`: the object "like it" the retried run meets. */
async function writtenBefore(destination: Destination, marker: string): Promise<number> {
	const earlier = await runAlone(destination, [destination.item(marker)]);
	expect(earlier.result.error).toBeUndefined();
	const there = destination.objects(marker).length;
	expect(there).toBe(1);
	return there;
}

/**
 * Retry execution of the failed run: item 0 is written as a first run would write it, once; item 1, whose write went
 * beside item 0's (a write's items go at once), is found where the failed run wrote it, else written now.
 */
async function expectWrittenOnRetry(
	kind: WriteKind,
	destination: Destination,
	failed: RunOutcome,
	a: string,
	b: string,
) {
	const bBefore = destination.objects(b).length;
	const start = sim().requests.length;
	const retried = outcomeOf(await failed.result.retry());
	const writes = requestsSince(start, kind.match).length;
	const bAfter = destination.objects(b).length;
	expect(writes).toBe(1 + bAfter - bBefore);
	if (kind.repeat === 'nameConflict') {
		// The service refuses the taken name when the write is sent: said as the service said it. Item 1 is written
		// unless its destination, given by path, waited for item 0 (Stop: no write that waits for it is sent).
		expect(bAfter).toBeLessThanOrEqual(1);
		expect(retried.result.error?.message).toMatch(NAME_CONFLICT);
		expect(retried.result.error?.message).not.toMatch(/^Outcome uncertain/);
		expect(destination.objects(a)).toHaveLength(1);
		return;
	}
	expect(bAfter).toBe(1);
	expect(retried.result.error).toBeUndefined();
	expect(retried.items.map((json) => json.reconciled ?? false)).toEqual([false, bBefore > 0]);
	if (kind.repeat === 'twice') expect(destination.objects(a)).toHaveLength(2);
}

describe.each(kindRows())('%s', (_name, kind) => {
	it('refused for certain at item 0, an object like it there before: Retry execution writes it once', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		await writtenBefore(destination, a);
		const endRefusal = destination.refuse(a);
		const start = sim().requests.length;
		const failed = await runAlone(
			destination,
			[a, b].map((m) => destination.item(m)),
		);
		endRefusal();
		expect(failed.result.error?.message).toBeDefined();
		expect(failed.result.error?.message).not.toMatch(/^Outcome uncertain/);
		expect(requestsSince(start, kind.match).length).toBeGreaterThanOrEqual(1);
		expect(destination.objects(a)).toHaveLength(1);
		await expectWrittenOnRetry(kind, destination, failed, a, b);
	});
});

describe.each(kindRows(WRITE_KINDS.filter((kind) => kind.prepareMissing)))('%s', (_name, kind) => {
	it('item 0 failed at its destination (not there yet), then created with an object like it: Retry execution writes it once', async () => {
		const destination = (kind.prepareMissing as NonNullable<WriteKind['prepareMissing']>)(sim());
		const [a, b] = [marker('a'), marker('b')];
		const failed = await runAlone(
			destination,
			[a, b].map((m) => destination.item(m)),
		);
		expect(failed.result.error?.message).toBeDefined();
		expect(failed.result.error?.message).not.toMatch(/^Outcome uncertain/);
		destination.create();
		expect(destination.objects(a)).toEqual([]);
		await writtenBefore(destination, a);
		await expectWrittenOnRetry(kind, destination, failed, a, b);
	});
});
