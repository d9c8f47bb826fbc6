/**
 * Records are kept only while a retry can use them (issue 39, "One failure doubles what n8n saves"):
 * after a run under On Error → Continue in which item 3 of 5 failed, n8n will not run the node again
 * (the execution succeeds, and Retry On Fail re-runs a node only for its item 0), so the execution's
 * context data keeps no write record, only the IDs of what was written; with Retry On Fail and item 0 failing in every try, the records
 * carry the items written in the first try through the later tries (nothing is written twice) and are
 * dropped after the last. Write kinds whose objects have hashes (what a record names), REST and MCP.
 */
import type { IDataObject } from 'n8n-workflow';

import { sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindRows, MARKER, WRITE_KINDS, type Destination, type WriteKind } from './writeKinds';
import { requestsSince, runAlone, said, WRITE, type RunOutcome } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** Storage folders and files and attachments: their hashes cannot turn up in a record by chance. */
const HASHED = WRITE_KINDS.filter((kind) => /folder|file|attachment/.test(kind.name));

/**
 * The write node's context data as n8n saves it, besides the IDs of what the execution's runs wrote (kept so a later
 * run never takes one for its own write; issue 45), and which written objects it names. With no record left it is
 * (nearly) empty: at most a few hundred bytes whatever was written, where records of four items take kilobytes.
 */
function recordsLeft(run: RunOutcome, ids: string[]) {
	const { svcWritten, ...rest } = (run.result.contextData()[`node:${WRITE}`] ?? {}) as IDataObject;
	const context = JSON.stringify(rest);
	const written = Array.isArray(svcWritten) ? [...svcWritten].sort() : [];
	expect(written).toEqual([...ids].sort());
	return { named: ids.filter((id) => context.includes(id)), small: context.length <= 400 };
}

const idsOf = (destination: Destination, markers: string[]) =>
	markers.flatMap((m) => destination.objects(m).map((object) => object.id));

describe.each(kindRows(HASHED))('%s', (_name, kind: WriteKind) => {
	it('On Error → Continue, item 3 of 5 refused: the saved context data keeps no write record', async () => {
		const destination = kind.prepare(sim());
		const markers = [1, 2, 3, 4, 5].map((n) => marker(`n${n}`));
		sim().faults.add({ match: writeOf(kind.match, markers[2]), fault: { kind: 'statusBeforeCommit', status: 400 } });
		const run = await runAlone(
			destination,
			markers.map((m) => destination.item(m)),
			{ onError: 'continueRegularOutput' },
		);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['written', 'written', 'error', 'written', 'written']);
		const ids = idsOf(destination, markers);
		expect(ids).toHaveLength(4);
		expect(recordsLeft(run, ids)).toEqual({ named: [], small: true });
	});

	it('Retry On Fail, item 0 failing in every try: later tries write nothing twice, and no record is left after the last', async () => {
		const destination = kind.prepare(sim());
		const markers = [1, 2, 3, 4, 5].map((n) => marker(`n${n}`));
		// Item 0 fails in its expression, before any write, in each of the three tries.
		const failsAtZero = `($itemIndex === 0 ? $("No such node").first().json.name : ${MARKER})`;
		const failing: Destination = {
			...destination,
			node: (name, parameters) => destination.node(name, parameters, failsAtZero),
		};
		const start = sim().requests.length;
		const run = await runAlone(
			failing,
			markers.map((m) => destination.item(m)),
			{ onError: 'continueRegularOutput', retryOnFail: { maxTries: 3, waitBetweenTries: 1000 } },
		);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['error', 'reconciled', 'reconciled', 'reconciled', 'reconciled']);
		expect(markers.slice(1).map((m) => destination.objects(m).length)).toEqual([1, 1, 1, 1]);
		expect(requestsSince(start, kind.match)).toHaveLength(4);
		const ids = idsOf(destination, markers.slice(1));
		expect(recordsLeft(run, ids)).toEqual({ named: [], small: true });
	});
});
