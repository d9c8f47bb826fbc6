/**
 * A way forward for every uncertain item that cannot duplicate (issue 57), through n8n's engine. Retry execution
 * with Options → Earlier Uncertain Writes set completes an execution whose writes stayed "Outcome uncertain", each
 * object once; the option applies only to writes an earlier try left uncertain, never to new ones. Under On Error →
 * Continue (using error output) an uncertain item carries its write's token, and sent back into the same node
 * through a Wait node it is settled: found, written once when provably absent, or uncertain again with its token.
 * Uncertain by the simulator, not by timing: listing times two minutes ahead of the service's `Date` show the
 * listing's clock off, so its times place nothing, and a landed write that holds what was sent cannot be told from
 * another writer's made just before the send (storage/readBack.ts: an entry dated past the service's now).
 */
import {
	sleep,
	type IConnections,
	type IDataObject,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { runWorkflow, WAIT_TYPE, type HarnessInputItem, type HarnessNode } from '../../../devkit/harness';
import type { FaultKind } from '../../../devkit/simulator/types';
import { readsFailAfterWrite, sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindNamed, type Destination, type WriteKind } from './writeKinds';
import { retryEdited, runAlone, said, WRITE, writeNode, type NodeSettings } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const FOLDER = kindNamed('rest folder.create');
const UPLOAD = kindNamed('rest file.upload');

const TAKE_FOUND = { earlierUncertainWrites: 'takeFound' };
const WRITE_AGAIN = { earlierUncertainWrites: 'writeAgain' };

/** Listing times ahead of `Date` while `body` runs: a landed write whose answer is lost cannot be placed. */
async function listingAhead<T>(body: () => Promise<T>): Promise<T> {
	sim().storage.listingClock.offsetSeconds = 120;
	try {
		return await body();
	} finally {
		sim().storage.listingClock.offsetSeconds = 0;
	}
}

/** The destination with `options` as the node's Options collection. */
const withOptions = (destination: Destination, options: INodeParameters): Destination => ({
	...destination,
	node: (name, parameters) => destination.node(name, { ...parameters, options: { ...options } }),
});

const answerLost = (kind: WriteKind, m: string) =>
	sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'statusAfterCommit', status: 500 } });

/** Waits (real time, in short steps a warp leaves alone) until the service holds `count` objects carrying `m`. */
async function untilStored(destination: Destination, m: string, count = 1): Promise<void> {
	for (let step = 0; step < 200 && destination.objects(m).length < count; step++) await sleep(20);
}

/** The Timeout option of the first run's timeout: shorter than the write's delay, which a warp leaves real. */
const TIMEOUT_MS = 700;

describe.each([
	['If Name Exists at its default', {}],
	['If Name Exists → Fail', { ifNameExists: 'fail' }],
])('rest folder.create, twelve at once, %s', (_case, ifNameExists) => {
	it('a refusal, two answers lost, a timeout and a 429 under On Error → Stop; Retry execution with Take What Was Found completes, every folder once', async () => {
		const destination = FOLDER.prepare(sim());
		const markers = Array.from({ length: 12 }, (_, n) => marker(`f${n}`));
		const faults: FaultKind[] = [
			{ kind: 'statusBeforeCommit', status: 400 },
			{ kind: 'dropAfterCommit' },
			{ kind: 'dropAfterCommit' },
			{ kind: 'delay', ms: TIMEOUT_MS + 250 },
			{ kind: 'rateLimit', retryAfterSeconds: 1 },
		];
		faults.forEach((fault, n) => sim().faults.add({ match: writeOf(FOLDER.match, markers[n]), fault }));
		await listingAhead(async () => {
			const failed = await runAlone(
				withOptions(destination, { ...ifNameExists, timeout: TIMEOUT_MS }),
				markers.map((m) => destination.item(m)),
			);
			expect(failed.result.error).toBeDefined();
			// The timed-out write lands after the try gave up on it.
			await untilStored(destination, markers[3]);

			// Stop and Say So: the refused folder is written, the writes left uncertain stay so.
			const again = await retryEdited(failed, destination, { options: { ...ifNameExists } });
			expect(again.result.error?.message).toMatch(/^Outcome uncertain/);
			expect(destination.objects(markers[0])).toHaveLength(1);
			expect(again.result.error?.description).toMatch(/Earlier Uncertain Writes/);

			const retried = await retryEdited(again, destination, { options: { ...ifNameExists, ...TAKE_FOUND } });
			expect(retried.result.error).toBeUndefined();
			expect(markers.map((m) => destination.objects(m).length)).toEqual(markers.map(() => 1));
			expect(retried.items.map(said)).toEqual(markers.map(() => 'reconciled'));
			// What stayed uncertain under Stop and Say So is output as found (by If Name Exists → Fail's listing before
			// the write, the lost answers may settle on their own).
			const whys = retried.items.map((item) => String(item.reconciledWhy));
			expect(
				whys.filter((why) => why.startsWith('Earlier Uncertain Writes is Take What Was Found')).length,
			).toBeGreaterThan(0);
			retried.items.forEach((item, n) => expect(JSON.stringify(item)).toContain(destination.objects(markers[n])[0].id));
		});
	});
});

describe('rest folder.create, Earlier Uncertain Writes', () => {
	it('leaves new writes alone: set from the first run, a lost answer it cannot place is still "Outcome uncertain"', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('n');
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			const run = await runAlone(withOptions(destination, TAKE_FOUND), [destination.item(m)], {
				onError: 'continueRegularOutput',
			});
			expect(run.items.map(said)).toEqual(['uncertain']);
			expect(destination.objects(m)).toHaveLength(1);
		});
	});

	it('Write Again sends it once more, naming the earlier write: a copy when that one landed', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('w');
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			const failed = await runAlone(destination, [destination.item(m)]);
			expect(failed.result.error?.message).toMatch(/^Outcome uncertain/);
			const retried = await retryEdited(failed, destination, { options: WRITE_AGAIN });
			expect(retried.result.error).toBeUndefined();
			expect(retried.items[0]).toMatchObject({ earlierWrite: { confirmed: false } });
			expect(destination.objects(m)).toHaveLength(2);
		});
	});

	it('Take What Was Found with nothing that holds what was sent: written once', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('a');
		// The write never lands and every read of the try fails: uncertain, though nothing is there.
		sim().faults.add(readsFailAfterWrite(writeOf(FOLDER.match, m)));
		sim().faults.add({ match: writeOf(FOLDER.match, m), fault: { kind: 'dropBeforeCommit' } });
		const failed = await runAlone(destination, [destination.item(m)]);
		expect(failed.result.error?.message).toMatch(/^Outcome uncertain/);
		expect(destination.objects(m)).toHaveLength(0);
		const retried = await retryEdited(failed, destination, { options: TAKE_FOUND });
		expect(retried.result.error).toBeUndefined();
		expect(retried.items.map(said)).toEqual(['written']);
		expect(destination.objects(m)).toHaveLength(1);
	});
});

describe('Earlier Uncertain Writes under Retry On Fail and over the DVS', () => {
	it('rest folder.create, Retry On Fail: the next try takes what the first could not place, nothing written twice', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('r');
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			const run = await runAlone(withOptions(destination, TAKE_FOUND), [destination.item(m)], {
				retryOnFail: { maxTries: 2, waitBetweenTries: 1000 },
			});
			expect(run.result.error).toBeUndefined();
			expect(run.items[0]).toMatchObject({ reconciled: true, folder_name: m });
			expect(String(run.items[0].reconciledWhy)).toMatch(/^Earlier Uncertain Writes is Take What Was Found/);
			expect(destination.objects(m)).toHaveLength(1);
		});
	});

	it('rest task.create, its answer lost: Retry execution with Take What Was Found outputs the task, made once', async () => {
		const kind = kindNamed('rest task.create');
		const destination = kind.prepare(sim());
		const m = marker('t');
		answerLost(kind, m);
		const failed = await runAlone(destination, [destination.item(m)]);
		// Made within the second it was sent, the task cannot be told from another writer's made just before.
		if (failed.result.error) {
			expect(failed.result.error.message).toMatch(/^Outcome uncertain/);
			const retried = await retryEdited(failed, destination, { options: TAKE_FOUND });
			expect(retried.result.error).toBeUndefined();
			expect(retried.items.map(said)).toEqual(['reconciled']);
		} else expect(failed.items.map(said)).toEqual(['reconciled']);
		expect(destination.objects(m)).toHaveLength(1);
	});
});

const link = (node: string) => ({ node, type: 'main' as const, index: 0 });

/**
 * The loop the docs show: the write node's error output through a Wait node back into the same node, under On
 * Error → Continue (using error output); `passes` bounds how often the Wait sends items back.
 */
async function errorLoop(
	destination: Destination,
	items: HarnessInputItem[],
	parameters?: INodeParameters,
	passes = 2,
) {
	const settings: NodeSettings = { onError: 'continueErrorOutput' };
	const nodes: HarnessNode[] = [
		{ name: 'Input', type: 'items', parameters: {} },
		writeNode(destination, settings, parameters),
		{
			name: 'Wait',
			type: WAIT_TYPE,
			parameters: { resume: 'timeInterval', amount: 5, unit: 'seconds', passOnRuns: passes },
		},
	];
	const connections: IConnections = {
		Input: { main: [[link(WRITE)]] },
		[WRITE]: { main: [[], [link('Wait')]] },
		Wait: { main: [[link(WRITE)]] },
	};
	const result = await runWorkflow(
		{ nodes, connections, items: { Input: items } },
		{ credentials: destination.credentials, startNode: 'Input' },
	);
	const runs = (result.runData[WRITE] ?? []).map((task) => ({
		written: (task.data?.main?.[0] ?? []) as INodeExecutionData[],
		failed: (task.data?.main?.[1] ?? []) as INodeExecutionData[],
	}));
	return { result, runs };
}

const tokenOf = (item: INodeExecutionData) => (item.json.details as IDataObject | undefined)?.uncertainWrite;

/** Every field name of a JSON value, however deep (a hash's letters may spell anything: names are what is held). */
const fieldNames = (value: unknown): string[] =>
	value && typeof value === 'object'
		? Object.entries(value).flatMap(([name, inner]) => [name, ...fieldNames(inner)])
		: [];

describe('On Error → Continue (using error output), the uncertain item sent back through a Wait node', () => {
	it('a landed write the node cannot place, Take What Was Found: settled as found, never written anew', async () => {
		const destination = FOLDER.prepare(sim());
		const [m, other] = [marker('l'), marker('o')];
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			const { result, runs } = await errorLoop(destination, [destination.item(other), destination.item(m)], {
				options: TAKE_FOUND,
			});
			expect(result.error).toBeUndefined();
			expect(runs).toHaveLength(2);
			expect(runs[0].written.map((item) => said(item.json))).toEqual(['written']);
			expect(runs[0].failed.map((item) => item.pairedItem)).toEqual([{ item: 1 }]);
			const [uncertain] = runs[0].failed;
			expect(said(uncertain.json)).toBe('uncertain');
			// n8n keeps the input's fields beside error: the node's expressions give the same write.
			expect(uncertain.json).toMatchObject({ name: m, details: { outcome: 'uncertain' } });
			expect(tokenOf(uncertain)).toMatchObject({ sentAt: expect.any(Number), locate: expect.any(Object) });
			expect(fieldNames(tokenOf(uncertain)).filter((name) => /key|token|password|secret/i.test(name))).toEqual([]);
			expect(JSON.stringify(tokenOf(uncertain))).not.toContain(String(sim().demo.pro.apiToken));
			expect(runs[1].failed).toEqual([]);
			expect(runs[1].written.map((item) => item.json)).toEqual([
				expect.objectContaining({ reconciled: true, folder_name: m }),
			]);
			expect([m, other].map((name) => destination.objects(name).length)).toEqual([1, 1]);
		});
	});

	it('a write that never landed, its reads failing: sent back, provably absent, written once', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('d');
		sim().faults.add(readsFailAfterWrite(writeOf(FOLDER.match, m)));
		sim().faults.add({ match: writeOf(FOLDER.match, m), fault: { kind: 'dropBeforeCommit' } });
		const { result, runs } = await errorLoop(destination, [destination.item(m)]);
		expect(result.error).toBeUndefined();
		expect(runs.map((run) => run.failed.map((item) => said(item.json)))).toEqual([['uncertain'], []]);
		expect(runs[1].written.map((item) => said(item.json))).toEqual(['written']);
		expect(destination.objects(m)).toHaveLength(1);
	});

	it('still unplaceable under Stop and Say So: uncertain again, carrying the same token, and nothing written anew', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('u');
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			const { result, runs } = await errorLoop(destination, [destination.item(m)], undefined, 1);
			expect(result.error).toBeUndefined();
			expect(runs).toHaveLength(2);
			expect(runs.map((run) => run.failed.map((item) => said(item.json)))).toEqual([['uncertain'], ['uncertain']]);
			expect(tokenOf(runs[1].failed[0])).toEqual(tokenOf(runs[0].failed[0]));
			expect(runs[1].failed[0].json.error).toMatch(/^Outcome uncertain/);
			expect((runs[1].failed[0].json.details as IDataObject).description).toMatch(/Earlier Uncertain Writes/);
			expect(destination.objects(m)).toHaveLength(1);
		});
	});

	it('a file upload, landed and unseen: the item brings its file back, and the upload is found, not made again', async () => {
		const destination = UPLOAD.prepare(sim());
		const m = marker('f');
		sim().faults.add(readsFailAfterWrite(writeOf(UPLOAD.match, m)));
		sim().faults.add({
			match: writeOf(UPLOAD.match, m),
			fault: { kind: 'statusAfterCommit', status: 500, storedLaterMs: 2000 },
		});
		const { result, runs } = await errorLoop(destination, [destination.item(m)]);
		expect(result.error).toBeUndefined();
		expect(runs[0].failed.map((item) => Object.keys(item.binary ?? {}))).toEqual([['data']]);
		expect(runs[1].written.map((item) => item.json)).toEqual([expect.objectContaining({ reconciled: true })]);
		expect(destination.objects(m)).toHaveLength(1);
	});

	it('an expression that gives another name on the item sent back: the write it carries is settled, no other', async () => {
		const destination = FOLDER.prepare(sim());
		const m = marker('e');
		answerLost(FOLDER, m);
		await listingAhead(async () => {
			// The node's parameters are those that sent it (as with a `$now` in a name): the recorded write is looked for.
			const folderName = '={{ $json.details ? $json.name + "-again" : $json.name }}';
			const { runs } = await errorLoop(destination, [destination.item(m)], { folderName }, 1);
			expect(runs.map((run) => run.failed.map((item) => said(item.json)))).toEqual([['uncertain'], ['uncertain']]);
			expect((runs[1].failed[0].json.details as IDataObject).description).toContain(`"${m}"`);
			expect(tokenOf(runs[1].failed[0])).toEqual(tokenOf(runs[0].failed[0]));
			expect(destination.objects(`${m}-again`)).toHaveLength(0);
			expect(destination.objects(m)).toHaveLength(1);
		});
	});
});
