/**
 * A write's items go at once (services/exactlyOnce/writeTurns.ts): a fault hits one item's write wherever it falls
 * among the others in flight, and that item's read-back sees its siblings' new objects beside its own. Every item
 * says what happened to it (On Error → Continue gives each its own answer) and the service holds exactly that:
 * written once, refused and absent, or "Outcome uncertain" and at most once; the others are written once. Items of
 * one name go one after another, so a fault on the first leaves the second's numbered copy to nobody else. Every
 * write kind that makes something, REST and MCP.
 */
import type { FaultKind } from '../../../devkit/simulator/types';
import { sim, storedLaterThen, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindRows, WRITE_KINDS } from './writeKinds';
import { runAlone, said } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const FAULTS: Array<[string, FaultKind]> = [
	['500 after commit', { kind: 'statusAfterCommit', status: 500 }],
	['reset after commit', { kind: 'dropAfterCommit' }],
	['503 before commit', { kind: 'statusBeforeCommit', status: 503 }],
	['200 cut JSON after commit', { kind: 'badAnswer', body: 'cutJson' }],
];

const MAKING = WRITE_KINDS.filter((kind) => kind.repeat !== 'update');

describe.each(kindRows(MAKING))('%s', (_name, kind) => {
	it.each(FAULTS)('five items at once, %s on the third: each item once, as it says', async (_fault, fault) => {
		const destination = kind.prepare(sim());
		const markers = [1, 2, 3, 4, 5].map((n) => marker(`n${n}`));
		sim().faults.add({ match: writeOf(kind.match, markers[2]), fault });
		const run = await runAlone(
			destination,
			markers.map((m) => destination.item(m)),
			{ onError: 'continueRegularOutput' },
		);
		expect(run.result.error).toBeUndefined();
		const outcomes = run.items.map(said);
		const stored = markers.map((m) => destination.objects(m).length);
		expect(outcomes.filter((_, index) => index !== 2)).toEqual(['written', 'written', 'written', 'written']);
		expect(stored.filter((_, index) => index !== 2)).toEqual([1, 1, 1, 1]);
		if (outcomes[2] === 'uncertain') expect(stored[2]).toBeLessThanOrEqual(1);
		else expect([outcomes[2], stored[2]]).toEqual([outcomes[2], outcomes[2] === 'error' ? 0 : 1]);
	});
});

describe.each(kindRows(MAKING.filter((kind) => kind.repeat === 'twice')))('%s', (_name, kind) => {
	it('two items of one name, the first write landing with a 500: both written, once each', async () => {
		const destination = kind.prepare(sim());
		const name = marker('same');
		sim().faults.add({ match: writeOf(kind.match, name), fault: storedLaterThen() });
		const run = await runAlone(destination, [destination.item(name), destination.item(name)], {
			onError: 'continueRegularOutput',
		});
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled', 'written']);
		expect(destination.objects(name)).toHaveLength(2);
	});
});
