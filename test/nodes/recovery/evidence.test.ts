/**
 * Ours only on evidence (issue 45): after a lost answer a storage write (create folder, upload, import), REST and
 * MCP, outputs an entry as its own only if no other writer could have made it — not an earlier run of the node in
 * the execution, not another account, not made before the send — and never writes twice when the service stored
 * the write otherwise (a cut name, a watermark) or its listing clock is off: where the evidence cannot tell, the item
 * says "Outcome uncertain" and nothing is sent again.
 */
import type { ServiceSimulator } from '../../../devkit/simulator';
import { sim, sourceAnswers, storedLaterThen, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { kindRows, WRITE_KINDS, type Destination, type WriteKind } from './writeKinds';
import { outcomeOf, requestsSince, runAlone, runFromTwoBranches, said, type RunOutcome } from './workflows';

useRecoveryEnv();

const CONTINUE = { onError: 'continueRegularOutput' } as const;

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const STORAGE_WRITES = WRITE_KINDS.filter((kind) => /folder\.create|file\.(upload|import)/.test(kind.name));

/** What another writer's file holds: as long as what the test's items hold when given it. */
const SAME_CONTENT = 'content';

/** The stored name of the item carrying `m`, as the kind writes it. */
function nameOf(kind: WriteKind, m: string): string {
	if (kind.name.endsWith('file.import')) return `${m}.pdf`;
	return kind.file ? `${m}.txt` : m;
}

/** Makes `name` in the destination as another writer would: an account, its creation `secondsAgo`. */
function madeByAnother(
	simulator: ServiceSimulator,
	kind: WriteKind,
	destination: Destination,
	name: string,
	account: number,
	secondsAgo = 0,
): string {
	const folder = destination.folder?.() as string;
	if (kind.name.endsWith('folder.create')) {
		const made = simulator.storage.createFolder(account, folder, name);
		(made as { createdAt: number }).createdAt -= secondsAgo;
		return made.hash;
	}
	const made = simulator.storage.addFile(account, folder, name, Buffer.from(SAME_CONTENT));
	(made as { uploadedAt: number }).uploadedAt -= secondsAgo;
	return made.hash;
}

/** A write that never reaches the service: a gateway answers 503 before it. */
const gatewayRefuses = (kind: WriteKind, m: string, skip = 0) =>
	sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'statusBeforeCommit', status: 503 }, skip });

/** The write lands, stored a moment after it arrived (a time only the write can show), and its answer is lost. */
const answerLost = (kind: WriteKind, m: string) =>
	sim().faults.add({ match: writeOf(kind.match, m), fault: storedLaterThen() });

/** A second write after a gateway's refusal: REST stores a numbered copy, MCP refuses the taken name. */
function expectWrittenBesides(kind: WriteKind, run: RunOutcome, destination: Destination, m: string) {
	if (kind.repeat === 'nameConflict') {
		expect(said(run.items.at(-1) ?? {})).toBe('name conflict');
		expect(destination.objects(m)).toHaveLength(1);
	} else {
		expect(said(run.items.at(-1) ?? {})).toBe('written');
		expect(destination.objects(m)).toHaveLength(2);
	}
}

describe.each(kindRows(STORAGE_WRITES))('%s', (_name, kind) => {
	it("a second branch's identical write that never reached the service is not the first branch's", async () => {
		const destination = kind.prepare(sim());
		const m = marker('b');
		gatewayRefuses(kind, m, 1);
		const run = await runFromTwoBranches(destination, [destination.item(m)], [destination.item(m)], CONTINUE);
		expect(run.runs).toHaveLength(2);
		const [first] = destination.objects(m);
		expect(said(run.items[0])).toBe('written');
		expect(JSON.stringify(run.items[1])).not.toContain(first.id);
		expectWrittenBesides(kind, run, destination, m);
	});

	it("another account's entry of the same name, made 3 s before a write that never landed, is never output", async () => {
		const destination = kind.prepare(sim());
		const m = marker('c');
		const theirs = madeByAnother(sim(), kind, destination, nameOf(kind, m), sim().demo.free.userId, 3);
		gatewayRefuses(kind, m);
		const run = await runAlone(destination, [destination.item(m)], CONTINUE);
		expect(JSON.stringify(run.items[0])).not.toContain(theirs);
		// REST lists each entry's creator: theirs is told apart and the write is sent again. The MCP endpoint's
		// listing names none, and 3 s are within what its clocks leave open.
		if (kind.auth === 'rest') expectWrittenBesides(kind, run, destination, m);
		else expect(['uncertain', 'name conflict']).toContain(said(run.items[0]));
		expect(destination.objects(m).length).toBeLessThanOrEqual(2);
	});

	it('the same account made the same name 3 s before (another workflow), the write never landed: not ours', async () => {
		const destination = kind.prepare(sim());
		const m = marker('s');
		const theirs = madeByAnother(sim(), kind, destination, nameOf(kind, m), sim().demo.pro.userId, 3);
		gatewayRefuses(kind, m);
		// Of the same size as theirs: only its time can tell the two apart.
		const run = await runAlone(destination, [destination.item(m, SAME_CONTENT)], CONTINUE);
		expect(JSON.stringify(run.items[0])).not.toContain(theirs);
		expect(said(run.items[0])).toBe('uncertain');
		expect(JSON.stringify(run.items[0])).toContain(nameOf(kind, m));
		expect(destination.objects(m)).toHaveLength(1);
	});

	it.each([
		['10 s behind', -10, false],
		['2 min behind', -120, false],
		['in whole minutes', 0, true],
	])(
		'listing times %s the Date clock, the answer lost: written once, never a certain failure',
		async (_c, offset, minutes) => {
			const destination = kind.prepare(sim());
			const m = marker('k');
			Object.assign(sim().storage.listingClock, { offsetSeconds: offset, wholeMinutes: minutes });
			try {
				answerLost(kind, m);
				const run = await runAlone(destination, [destination.item(m)], CONTINUE);
				expect(['reconciled', 'uncertain']).toContain(said(run.items[0]));
				expect(destination.objects(m)).toHaveLength(1);
			} finally {
				Object.assign(sim().storage.listingClock, { offsetSeconds: 0, wholeMinutes: false });
			}
		},
	);
});

/** The write of the item carrying `m` is refused for certain, once: a 400 before anything is written. */
const refusedOnce = (kind: WriteKind, m: string) =>
	sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'statusBeforeCommit', status: 400 } });

const FAIL_ON_NAME = { options: { ifNameExists: 'fail' } };

const CREATES_AND_UPLOADS = STORAGE_WRITES.filter((kind) => /folder\.create|file\.upload/.test(kind.name));

describe.each(kindRows(CREATES_AND_UPLOADS))('%s, If Name Exists → Fail', (_name, kind) => {
	it("Retry execution after item 1 was refused outputs item 0's own write, not a refusal of its name", async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		refusedOnce(kind, b);
		const failed = await runAlone(
			{ ...destination, node: (name, parameters) => destination.node(name, { ...parameters, ...FAIL_ON_NAME }) },
			[a, b].map((m) => destination.item(m)),
		);
		expect(failed.result.error).toBeDefined();
		const retried = outcomeOf(await failed.result.retry());
		expect(retried.result.error).toBeUndefined();
		const [ours] = destination.objects(a);
		expect(retried.items[0]).toMatchObject({ reconciled: true });
		expect(JSON.stringify(retried.items[0])).toContain(ours.id);
		expect([a, b].map((m) => destination.objects(m).length)).toEqual([1, 1]);
	});

	it("Retry On Fail after item 1 was refused once outputs item 0's own write", async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		refusedOnce(kind, b);
		const run = await runAlone(
			{ ...destination, node: (name, parameters) => destination.node(name, { ...parameters, ...FAIL_ON_NAME }) },
			[a, b].map((m) => destination.item(m)),
			{ retryOnFail: { maxTries: 2, waitBetweenTries: 1000 } },
		);
		expect(run.result.error).toBeUndefined();
		expect(run.items.map(said)).toEqual(['reconciled', 'written']);
		expect([a, b].map((m) => destination.objects(m).length)).toEqual([1, 1]);
	});
});

describe.each(kindRows(CREATES_AND_UPLOADS))('%s, a name the service stores otherwise', (_name, kind) => {
	it('a 300-character name, which the service would cut: refused before anything is sent', async () => {
		const destination = kind.prepare(sim());
		const long = marker('l') + 'x'.repeat(290);
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(long)], CONTINUE);
		expect(run.items[0].error).toMatch(/is too long \(\d+ characters\)$/);
		expect(requestsSince(start, kind.match)).toHaveLength(0);
	});
});

describe.each(kindRows(STORAGE_WRITES))('%s, stored within the second it was sent', (_name, kind) => {
	it('the answer lost: the entry holds what was sent, so it is the write, output reconciled, sent once', async () => {
		const destination = kind.prepare(sim());
		const m = marker('s');
		// Stored at once: its whole-second time is the send's own second, where another writer's entry made just
		// before the send would show the same time. What it holds tells it apart (issue 57): an import's, the bytes
		// its source gives, which the node reads itself.
		sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'statusAfterCommit', status: 500 } });
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(m)]);
		expect(run.result.error).toBeUndefined();
		const [stored] = destination.objects(m);
		expect(destination.objects(m)).toHaveLength(1);
		expect(run.items[0]).toMatchObject({ reconciled: true });
		expect(JSON.stringify(run.items[0])).toContain(stored.id);
		expect(requestsSince(start, kind.match)).toHaveLength(1);
	});

	it('an entry of its name made by another writer in that second, holding other bytes or things, is not it', async () => {
		const destination = kind.prepare(sim());
		const m = marker('o');
		sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'dropBeforeCommit' } });
		// Theirs by the same account: a file of other bytes of the same size (SAME_CONTENT), or a folder not empty.
		const theirs = madeByAnother(sim(), kind, destination, nameOf(kind, m), sim().demo.pro.userId);
		if (kind.name.endsWith('folder.create'))
			sim().storage.addFile(sim().demo.pro.userId, theirs, 'theirs.txt', Buffer.from('theirs'));
		const run = await runAlone(destination, [destination.item(m)], CONTINUE);
		expect(JSON.stringify(run.items[0])).not.toContain(theirs);
	});
});

describe('mcp file.import, its source read by the node after a lost answer', () => {
	const kind = STORAGE_WRITES.find((write) => write.name === 'mcp file.import')!;
	const pdf = (text: string) => ({ status: 200, body: Buffer.from(text), contentType: 'application/pdf' });

	it.each([
		['gives other bytes now (it changed since Svc fetched it)', pdf('%PDF-1.7 a newer report')],
		['no longer answers (404)', { status: 404, body: Buffer.from('not found') }],
		['redirects (which the node does not follow)', { status: 302, location: 'https://files.example.com/moved' }],
	])('the source %s: the file may still be the write: said uncertain, never sent again', async (_c, later) => {
		const destination = kind.prepare(sim());
		const m = marker('i');
		const url = `https://files.example.com/${m}.pdf`;
		sourceAnswers.set(url, [pdf(`%PDF-1.7 ${m}`), later]);
		try {
			sim().faults.add({ match: writeOf(kind.match, m), fault: { kind: 'statusAfterCommit', status: 500 } });
			const start = sim().requests.length;
			const run = await runAlone(destination, [destination.item(m)], CONTINUE);
			expect(said(run.items[0])).toBe('uncertain');
			expect(destination.objects(m)).toHaveLength(1);
			expect(requestsSince(start, kind.match)).toHaveLength(1);
		} finally {
			sourceAnswers.delete(url);
		}
	});
});

const FOLDER_CREATES = STORAGE_WRITES.filter((kind) => kind.name.endsWith('folder.create'));

describe.each(kindRows(FOLDER_CREATES))('%s, a folder named "."', (_name, kind) => {
	it('the service picks a name (REST) or refuses it (MCP), the answer lost: made at most once', async () => {
		const destination = kind.prepare(sim());
		answerLost(kind, '.');
		const run = await runAlone(destination, [destination.item('.')], CONTINUE);
		const stored = sim().storage.listChildren(destination.folder?.() as string);
		if (kind.auth === 'mcp') {
			// The MCP endpoint refuses the name for certain: nothing is written.
			expect(stored).toHaveLength(0);
			expect(said(run.items[0])).toBe('error');
		} else {
			expect(stored).toHaveLength(1);
			expect(said(run.items[0])).toBe('reconciled');
			expect(JSON.stringify(run.items[0])).toContain(stored[0].hash);
		}
	});
});

describe('rest file.upload, a watermarked PNG', () => {
	it('stored with other bytes than were sent, the answer lost: written once, said uncertain', async () => {
		const kind = STORAGE_WRITES.find((candidate) => candidate.name === 'rest file.upload') as WriteKind;
		const destination = kind.prepare(sim());
		const m = marker('p');
		sim().storage.watermarking.changesBytes = true;
		try {
			answerLost(kind, m);
			const png = { data: Buffer.from('\x89PNG\r\n\x1a\nimage'), fileName: `${m}.png`, mimeType: 'image/png' };
			const run = await runAlone(
				{
					...destination,
					node: (name, parameters) => destination.node(name, { ...parameters, options: { watermarkText: 'Draft' } }),
				},
				[{ json: { name: m }, binary: { data: png } }],
				CONTINUE,
			);
			const stored = sim().storage.listChildren(destination.folder?.() as string);
			expect(stored).toHaveLength(1);
			expect(stored[0].type === 'file' && stored[0].size).not.toBe(png.data.length);
			expect(said(run.items[0])).toBe('uncertain');
		} finally {
			sim().storage.watermarking.changesBytes = false;
		}
	});
});

describe.each(kindRows(CREATES_AND_UPLOADS))('%s, a gateway with its own clock', (_name, kind) => {
	it("a 503 dated 10 min ahead by the gateway after the write landed: made once, the gateway's clock unused", async () => {
		const destination = kind.prepare(sim());
		const m = marker('g');
		sim().faults.add({
			match: writeOf(kind.match, m),
			fault: { ...storedLaterThen(503), gatewayDateAheadSeconds: 600 },
		});
		const run = await runAlone(destination, [destination.item(m)], CONTINUE);
		expect(destination.objects(m)).toHaveLength(1);
		expect(said(run.items[0])).toBe('reconciled');
	});
});
