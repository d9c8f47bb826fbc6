/**
 * A later run of a node in the same execution writes what it is given (issue 39, "Loops lose writes
 * silently"): inside Loop Over Items (v3, batch size 2) and fed by two branches, with On Error →
 * Continue, an item identical to one an earlier run wrote (same position in its batch, same JSON,
 * same destination) is written again, as the same items are within one run; an upload with the same
 * name and size but new content stores the new content; a genuine failure of such an item is its own
 * error. Every write kind of WRITE_OPERATIONS, REST and MCP.
 */
import { useRecoveryEnv, sim } from './env';
import { kindRows, MARKER, WRITE_KINDS, type Destination, type WriteKind } from './writeKinds';
import {
	refuseNextWrite,
	requestsSince,
	runAlone,
	runFromTwoBranches,
	runInLoop,
	said,
	type RunOutcome,
} from './workflows';

useRecoveryEnv();

const CONTINUE = { onError: 'continueRegularOutput' } as const;

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** What the service holds of each marker, and what each output item said. */
function seen(destination: Destination, outcome: RunOutcome, markers: string[]) {
	return {
		objects: Object.fromEntries(markers.map((m) => [m, destination.objects(m).length])),
		said: outcome.items.map(said),
	};
}

/** What the four writes A, B, A, B leave, the first refused or not, as the service takes a repeat. */
function expected(kind: WriteKind, a: string, b: string, firstRefused: boolean) {
	const repeats = kind.repeat === 'nameConflict' ? 1 : 2;
	const aObjects = kind.repeat === 'update' ? 0 : firstRefused ? 1 : repeats;
	const objects = kind.repeat === 'update' ? { [a]: 0, [b]: 1 } : { [a]: aObjects, [b]: repeats };
	const conflict = kind.repeat === 'nameConflict';
	const said = [
		firstRefused ? 'error' : 'written',
		'written',
		conflict && !firstRefused ? 'name conflict' : 'written',
		conflict ? 'name conflict' : 'written',
	];
	return { objects, said };
}

describe.each(kindRows())('%s', (_name, kind) => {
	it('the same four items A, B, A, B in one run: each write is sent, as the service takes a repeat', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		const start = sim().requests.length;
		const run = await runAlone(
			destination,
			[a, b, a, b].map((m) => destination.item(m)),
			CONTINUE,
		);
		expect(seen(destination, run, [a, b])).toEqual(expected(kind, a, b, false));
		expect(requestsSince(start, kind.match)).toHaveLength(4);
	});

	it('in Loop Over Items (batch size 2), the first write refused: the second batch writes its items', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		refuseNextWrite(kind.match);
		const start = sim().requests.length;
		const loop = await runInLoop(
			destination,
			[a, b, a, b].map((m) => destination.item(m)),
			2,
			CONTINUE,
		);
		expect(loop.result.error).toBeUndefined();
		expect(loop.runs).toHaveLength(2);
		expect(seen(destination, loop, [a, b])).toEqual(expected(kind, a, b, true));
		expect(requestsSince(start, kind.match)).toHaveLength(4);
	});

	it('fed by two branches, the first write refused: the second run writes its items', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		refuseNextWrite(kind.match);
		const start = sim().requests.length;
		const items = [a, b].map((m) => destination.item(m));
		const branches = await runFromTwoBranches(
			destination,
			items,
			[a, b].map((m) => destination.item(m)),
			CONTINUE,
		);
		expect(branches.result.error).toBeUndefined();
		expect(branches.runs).toHaveLength(2);
		expect(seen(destination, branches, [a, b])).toEqual(expected(kind, a, b, true));
		expect(requestsSince(start, kind.match)).toHaveLength(4);
	});

	it('in Loop Over Items, a later identical item that fails before its write says its own error', async () => {
		const destination = kind.prepare(sim());
		const [a, b, c] = [marker('a'), marker('b'), marker('c')];
		refuseNextWrite(kind.match);
		// The second batch's item 1 (identical to the first batch's) fails in its expression, before any write.
		const failsThere = `($runIndex === 1 && $itemIndex === 1 ? $("No such node").first().json.name : ${MARKER})`;
		const failing: Destination = {
			...destination,
			node: (name, parameters) => destination.node(name, parameters, failsThere),
		};
		const loop = await runInLoop(
			failing,
			[a, b, c, b].map((m) => destination.item(m)),
			2,
			CONTINUE,
		);
		expect(loop.items.map(said)).toEqual(['error', 'written', 'written', 'error']);
		expect(loop.items[3].error).toMatch(/^Referenced node (doesn't|does not) exist/);
		expect(loop.items[3].outcome).toBeUndefined();
	});
});

describe.each(kindRows(WRITE_KINDS.filter((kind) => kind.file)))('%s', (_name, kind) => {
	it('in Loop Over Items, a later file of the same name and size but new content is not dropped', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		refuseNextWrite(kind.match);
		const items = [
			destination.item(a),
			destination.item(b, `old content ${b}`),
			destination.item(a),
			destination.item(b, `NEW CONTENT ${b}`),
		];
		const loop = await runInLoop(destination, items, 2, CONTINUE);
		const stored = destination.objects(b).map((object) => object.content);
		if (kind.repeat === 'nameConflict') {
			// The service refuses a taken name: the new content is refused out loud, not returned as the old file.
			expect(loop.items.map(said)).toEqual(['error', 'written', 'written', 'name conflict']);
			expect(stored).toEqual([`old content ${b}`]);
		} else {
			expect(loop.items.map(said)).toEqual(['error', 'written', 'written', 'written']);
			expect(stored.sort()).toEqual([`NEW CONTENT ${b}`, `old content ${b}`]);
		}
	});
});
