/**
 * A retry returns what exists now (issue 39, "Answers that depend on chance"): a failed run wrote A
 * and B, then its item C was refused (On Error → Stop); before Retry execution the user deletes A and
 * renames B. The retry writes A again as a first run would (not `reconciled` with the deleted object),
 * returns B as it is now (its new name, `reconciled`), and writes C. Every write kind whose objects
 * the simulator can delete, REST and MCP (DVS tasks and contacts cannot be deleted there).
 */
import { sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindRows, WRITE_KINDS, type Destination, type WriteKind } from './writeKinds';
import { outcomeOf, runAlone, said } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** Items A, B, C with On Error → Stop, C refused for certain: A and B are written, the execution fails. */
async function failedAtC(kind: WriteKind, destination: Destination, markers: string[]) {
	sim().faults.add({ match: writeOf(kind.match, markers[2]), fault: { kind: 'statusBeforeCommit', status: 400 } });
	const failed = await runAlone(
		destination,
		markers.map((m) => destination.item(m)),
	);
	expect(failed.result.error).toBeDefined();
	const [a, b] = markers.map((m) => destination.objects(m));
	expect([a.length, b.length]).toEqual([1, 1]);
	return { failed, a: a[0], b: b[0] };
}

/** Storage folders and files, comments and attachments: what the simulator's stores can delete. */
const DELETABLE = WRITE_KINDS.filter((kind) => /folder|file|comment|attachment/.test(kind.name));
/** What the output names (a comment's output is its task's ID alone). */
const namesObject = (kind: WriteKind) => !kind.name.includes('comment');
/** What the output names by a name its owner can change: storage folders and files. */
const RENAMABLE = DELETABLE.filter((kind) => /folder|file/.test(kind.name));

describe.each(kindRows(DELETABLE))('%s', (_name, kind) => {
	it('A deleted before Retry execution: written again, never returned as the deleted object', async () => {
		const destination = kind.prepare(sim());
		const markers = [marker('a'), marker('b'), marker('c')];
		const { failed, a } = await failedAtC(kind, destination, markers);
		destination.remove?.(a.id);
		expect(destination.objects(markers[0])).toEqual([]);
		const retried = outcomeOf(await failed.result.retry());
		expect(retried.result.error).toBeUndefined();
		const [now] = destination.objects(markers[0]);
		expect(now?.id).toBeDefined();
		expect(now.id).not.toBe(a.id);
		expect(said(retried.items[0])).toBe('written');
		if (namesObject(kind)) expect(JSON.stringify(retried.items[0])).toContain(now.id);
		expect(JSON.stringify(retried.items[0])).not.toContain(a.id);
		expect(destination.objects(markers[2])).toHaveLength(1);
	});
});

describe.each(kindRows(RENAMABLE))('%s', (_name, kind) => {
	it('B renamed before Retry execution: returned as it is now, not as it was recorded', async () => {
		const destination = kind.prepare(sim());
		const markers = [marker('a'), marker('b'), marker('c')];
		const { failed, b } = await failedAtC(kind, destination, markers);
		const renamed = `${markers[1]} renamed${b.name.slice(markers[1].length)}`;
		destination.rename?.(b.id, renamed);
		const retried = outcomeOf(await failed.result.retry());
		expect(retried.result.error).toBeUndefined();
		expect(said(retried.items[1])).toBe('reconciled');
		expect(JSON.stringify(retried.items[1])).toContain(b.id);
		expect(JSON.stringify(retried.items[1])).toContain(renamed);
		expect(destination.objects(markers[1])).toHaveLength(1);
	});
});
