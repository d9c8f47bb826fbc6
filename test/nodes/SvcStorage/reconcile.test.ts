/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the test tools, never inside n8n */
/**
 * DESIGN's "never write twice": create_folder and upload_file have no idempotency key, so an
 * uncertain outcome is settled by reading the destination back, never by writing again blindly.
 * Nothing is read before a write: after a lost answer the node tells its entry from older ones by
 * when each was created (document 1: files carry `timestamp_uploaded`; the simulator also lists
 * `timestamp_created` for folders) against the service's clock.
 */
import { createHash } from 'node:crypto';

import type { INodeParameters } from 'n8n-workflow';

import { useWarpedTime } from '../../../devkit/harness';
import { samplePdf } from '../../../devkit/simulator/seed';
import type { FaultKind } from '../../../devkit/simulator/types';
import {
	byHash,
	faultNext,
	jsonOf,
	namesIn,
	passwordCredentials,
	sim,
	storage,
	useSimulator,
	type StorageCredentials,
} from './env';

useSimulator();
// The 15 s settle window passes in 15 ms; the simulator's own sub-second delays keep real time.
useWarpedTime(1000, 1000);

const pro = () => sim().demo.pro;

/**
 * Each lost answer here is for a write the service stored a moment after it arrived: its listing time can only be
 * after the send. (Stored within the send's second, it could as well be another writer's made just before: "Outcome
 * uncertain", test/nodes/recovery/evidence.test.ts.)
 */
const STORED_LATER = { storedLaterMs: 2000 };

function scratchFolder() {
	return sim().storage.createFolder(
		pro().userId,
		pro().rootFolderHash,
		`rec-${Math.random().toString(36).slice(2, 8)}`,
	);
}

function countOf(action: string, from: number): number {
	return sim()
		.requests.slice(from)
		.filter((entry) => entry.action === action).length;
}

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

function createFolder(parentHash: string, folderName: string, options: INodeParameters = {}) {
	return storage({ resource: 'folder', operation: 'create', parentFolder: byHash(parentHash), folderName, options });
}

function uploadFile(
	folderHash: string,
	content: Buffer,
	fileName: string,
	options: INodeParameters = {},
	credentials?: StorageCredentials,
) {
	return storage(
		{ resource: 'file', operation: 'upload', folder: byHash(folderHash), options },
		{
			input: [{ json: {}, binary: { data: { data: content, fileName, mimeType: 'application/pdf' } } }],
			...(credentials ? { credentials } : {}),
		},
	);
}

/** The output matches `expected`, says it was found by reading back (reconciled), and `action` was sent once. */
function expectFoundOnce(out: Record<string, unknown>, expected: object, action: string, start: number) {
	expect(out).toMatchObject({ ...expected, reconciled: true });
	expect(countOf(action, start)).toBe(1);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An entry that was there long before the write (an hour ago), as a folder holds what earlier days left. */
function fromAnHourAgo<T extends object>(item: T): T {
	const times = item as { createdAt?: number; uploadedAt?: number };
	if (times.createdAt !== undefined) times.createdAt -= 3600;
	if (times.uploadedAt !== undefined) times.uploadedAt -= 3600;
	return item;
}

describe.each(['dropAfterCommit', 'status500AfterCommit'] as const)('create folder, %s', (kind) => {
	it('lands exactly once and is output with reconciled: true', async () => {
		const parent = scratchFolder();
		faultNext('create_folder', { kind, ...STORED_LATER });
		const start = sim().requests.length;
		// With its keys (Include Capability Keys on): the read-back gives them as the answer would.
		const [out] = jsonOf(await createFolder(parent.hash, 'Quarterly', { capabilityKeys: true }));
		const children = sim().storage.listChildren(parent.hash);
		expect(children.map((item) => item.name)).toEqual(['Quarterly']);
		const stored = sim().storage.getFolder(children[0].hash)!;
		const storedFields = {
			folder_hash: stored.hash,
			folder_edit_key: stored.editKey,
			folder_upload_key: stored.uploadKey,
		};
		expectFoundOnce(out, { ...storedFields, folder_name: 'Quarterly' }, 'create_folder', start);
	});

	it('does not take an existing folder of the same name for ours (the service renamed ours)', async () => {
		const parent = scratchFolder();
		const existing = fromAnHourAgo(sim().storage.createFolder(pro().userId, parent.hash, 'Reports'));
		faultNext('create_folder', { kind, ...STORED_LATER });
		const start = sim().requests.length;
		const [out] = jsonOf(await createFolder(parent.hash, ' Re:ports '));
		const children = sim().storage.listChildren(parent.hash);
		expect(children.map((item) => item.name)).toEqual(['Reports', 'Reports (1)']);
		expect(out.folder_hash).toBe(children[1].hash);
		expect(out.folder_hash).not.toBe(existing.hash);
		expectFoundOnce(out, { folder_name: 'Reports (1)' }, 'create_folder', start);
	});
});

describe('names by the service rule only (document 1: "final name is normalized and unique among siblings")', () => {
	/** While our write fails with a 500 before it commits, another client creates `otherName` beside it. */
	function anotherClientCreates(path: string, otherName: string, create: (name: string) => void) {
		sim().faults.add({
			match: (req) => {
				if (req.path !== path) return false;
				create(otherName);
				return true;
			},
			fault: { kind: 'statusBeforeCommit', status: 500 },
		});
	}

	it('create folder: another client\'s "report" is not taken for our "Report": outcome uncertain, nothing sent twice', async () => {
		const parent = scratchFolder();
		anotherClientCreates('/api_v2/create_folder', 'report', (name) =>
			sim().storage.createFolder(pro().userId, parent.hash, name),
		);
		const start = sim().requests.length;
		const result = await createFolder(parent.hash, 'Report');
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the folder "Report" in the folder \S+ was written$/,
		);
		expect(result.error?.description).toContain(
			'folder "report", whose name differs from "Report" only in letter case or form',
		);
		expect(countOf('create_folder', start)).toBe(1);
		expect(namesIn(parent.hash)).toEqual(['report']);
	});

	it('upload: another client\'s "INVOICE.pdf" of the same size is not taken for our "invoice.pdf"', async () => {
		const folder = scratchFolder();
		const content = samplePdf('same size');
		anotherClientCreates('/api_v2/upload_file', 'INVOICE.pdf', (name) =>
			sim().storage.addFile(pro().userId, folder.hash, name, content),
		);
		const start = sim().requests.length;
		const result = await uploadFile(folder.hash, content, 'invoice.pdf');
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the file "invoice\.pdf" in the folder \S+ was written$/,
		);
		expect(countOf('upload_file', start)).toBe(1);
	});
});

it('create folder in ROOT (no parent given) with a random name: found after a dropped answer', async () => {
	const before = sim()
		.storage.listChildren(pro().rootFolderHash)
		.map((item) => fromAnHourAgo(sim().storage.getFolder(item.hash)!).hash);
	faultNext('create_folder', { kind: 'dropAfterCommit', ...STORED_LATER });
	const start = sim().requests.length;
	const [out] = jsonOf(await storage({ resource: 'folder', operation: 'create', folderName: '' }));
	const added = sim()
		.storage.listChildren(pro().rootFolderHash)
		.filter((item) => !before.includes(item.hash));
	expect(added).toHaveLength(1);
	expectFoundOnce(out, { folder_hash: added[0].hash, folder_name: added[0].name }, 'create_folder', start);
});

describe.each(['dropAfterCommit', 'status500AfterCommit'] as const)('upload file, %s', (kind) => {
	it('lands exactly once, next to an existing file of the same name, and is output with reconciled: true', async () => {
		const folder = scratchFolder();
		const existing = fromAnHourAgo(sim().storage.addFile(pro().userId, folder.hash, 'report.pdf', samplePdf('older')));
		const content = samplePdf(`new ${kind}`);
		faultNext('upload_file', { kind, ...STORED_LATER });
		const start = sim().requests.length;
		const [out] = jsonOf(await uploadFile(folder.hash, content, 'report.pdf', { capabilityKeys: true }));
		const files = sim().storage.listChildren(folder.hash);
		expect(files.map((item) => item.name)).toEqual(['report.pdf', 'report (1).pdf']);
		const stored = sim().storage.getFile(files[1].hash)!;
		expect(sha256(stored.content)).toBe(sha256(content));
		expect(out.file_hash).not.toBe(existing.hash);
		const storedFields = {
			file_hash: stored.hash,
			file_delete_key: stored.deleteKey,
			timestamp_uploaded: stored.uploadedAt,
		};
		expectFoundOnce(out, { ...storedFields, file_name: 'report (1).pdf' }, 'upload_file', start);
	});
});

it('a reconciled result has the same fields as a direct one, plus reconciled', async () => {
	const parent = scratchFolder();
	const [direct] = jsonOf(await createFolder(parent.hash, 'Direct'));
	faultNext('create_folder', { kind: 'dropAfterCommit', ...STORED_LATER });
	const [found] = jsonOf(await createFolder(parent.hash, 'Found'));
	expect(Object.keys(found).sort()).toEqual([...Object.keys(direct), 'reconciled'].sort());
	const [uploaded] = jsonOf(await uploadFile(parent.hash, samplePdf('d'), 'direct.pdf'));
	faultNext('upload_file', { kind: 'status500AfterCommit', ...STORED_LATER });
	const [written] = jsonOf(await uploadFile(parent.hash, samplePdf('f'), 'found.pdf'));
	expect(Object.keys(written).sort()).toEqual([...Object.keys(uploaded), 'reconciled'].sort());
	expect(written).toMatchObject({ folder_hash: parent.hash, size: samplePdf('f').length });
});

describe('a write that certainly did not land (dropBeforeCommit) is sent once more', () => {
	it('create folder: one folder after the single retry, not marked reconciled', async () => {
		const parent = scratchFolder();
		faultNext('create_folder', { kind: 'dropBeforeCommit' });
		const start = sim().requests.length;
		const [out] = jsonOf(await createFolder(parent.hash, 'Second try'));
		expect(namesIn(parent.hash)).toEqual(['Second try']);
		expect(out.reconciled).toBeUndefined();
		expect(out.folder_name).toBe('Second try');
		expect(countOf('create_folder', start)).toBe(2);
	});

	it('upload: one file after the single retry', async () => {
		const folder = scratchFolder();
		faultNext('upload_file', { kind: 'dropBeforeCommit' });
		const start = sim().requests.length;
		const [out] = jsonOf(await uploadFile(folder.hash, samplePdf('retry'), 'retry.pdf'));
		expect(namesIn(folder.hash)).toEqual(['retry.pdf']);
		expect(out.reconciled).toBeUndefined();
		expect(countOf('upload_file', start)).toBe(2);
	});

	it('a second certain failure is reported, with still nothing written twice', async () => {
		const parent = scratchFolder();
		sim().faults.add({ match: { action: 'create_folder' }, fault: { kind: 'dropBeforeCommit' }, times: 2 });
		const start = sim().requests.length;
		const result = await createFolder(parent.hash, 'Unlucky');
		expect(result.error?.message).toBe('The connection to Svc was lost while trying to create the folder "Unlucky"');
		expect(result.error?.description).toMatch(/Network error ECONNRESET/);
		expect(sim().storage.listChildren(parent.hash)).toHaveLength(0);
		expect(countOf('create_folder', start)).toBe(2);
	});
});

/** Every read-back fails: each look of the settle window. */
const EVERY_LOOK = 99;

/** The first `times` read-backs (get_folder_content; nothing is listed before the write) meet `fault`. */
function readBacksFail(fault: FaultKind, times: number) {
	sim().faults.add({ match: { action: 'get_folder_content' }, fault, times });
}

describe('when the read-back fails too', () => {
	it('a failed look is no answer: the next look settles it, and nothing is sent twice', async () => {
		const parent = scratchFolder();
		faultNext('create_folder', { kind: 'dropAfterCommit', ...STORED_LATER });
		readBacksFail({ kind: 'statusBeforeCommit', status: 500 }, 2);
		const start = sim().requests.length;
		const [out] = jsonOf(await createFolder(parent.hash, 'Seen later'));
		expectFoundOnce(out, { folder_name: 'Seen later' }, 'create_folder', start);
	});

	it('create folder: "could not confirm", and no second write', async () => {
		const parent = scratchFolder();
		faultNext('create_folder', { kind: 'dropAfterCommit', ...STORED_LATER });
		readBacksFail({ kind: 'statusBeforeCommit', status: 500 }, EVERY_LOOK);
		const start = sim().requests.length;
		const result = await createFolder(parent.hash, 'Unknown');
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the folder "Unknown" in the folder \S+ was written$/,
		);
		expect(result.error?.description).toMatch(/Check the destination for .* before running the node again/);
		expect(countOf('create_folder', start)).toBe(1);
		expect(namesIn(parent.hash)).toEqual(['Unknown']);
	});

	it('upload: "could not confirm", and no second write', async () => {
		const folder = scratchFolder();
		faultNext('upload_file', { kind: 'status500AfterCommit', ...STORED_LATER });
		readBacksFail({ kind: 'dropBeforeCommit' }, EVERY_LOOK);
		const start = sim().requests.length;
		const result = await uploadFile(folder.hash, samplePdf('x'), 'unknown.pdf');
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the file "unknown\.pdf" in the folder \S+ was written$/,
		);
		expect(countOf('upload_file', start)).toBe(1);
		expect(sim().storage.listChildren(folder.hash)).toHaveLength(1);
	});

	it("upload through another account's folder upload key: cannot be checked, so not resent", async () => {
		const folder = scratchFolder();
		faultNext('upload_file', { kind: 'dropAfterCommit', ...STORED_LATER });
		const start = sim().requests.length;
		const result = await uploadFile(
			folder.hash,
			samplePdf('key'),
			'keyed.pdf',
			{ folderUploadKey: folder.uploadKey },
			passwordCredentials(sim().demo.free),
		);
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the file "keyed\.pdf" in the folder \S+ was written$/,
		);
		expect(result.error?.description).toMatch(/upload key/);
		expect(countOf('upload_file', start)).toBe(1);
		expect(sim().storage.listChildren(folder.hash)).toHaveLength(1);
	});
});

describe('a timeout (the service answers after the Timeout option) is reconciled too', () => {
	// The Timeout option (1.5 s, every request of the item) and the service's delay (2.5 s) keep real time, and so do
	// the settle waits of 1 and 2 s; those of 4 and 8 s take 0.4 and 0.8 s. The looks end 4.2 s after the timeout,
	// 3.2 s after the write lands: margins a busy machine keeps, where 0.3 s and 0.9 s were not.
	useWarpedTime(10, 3000);

	it('create folder: the late write is waited for and output once, reconciled', async () => {
		const parent = scratchFolder();
		faultNext('create_folder', { kind: 'delay', ms: 2500 });
		const start = sim().requests.length;
		const [out] = jsonOf(await createFolder(parent.hash, 'Slow', { timeout: 1500 }));
		expect(out).toMatchObject({ folder_name: 'Slow', reconciled: true });
		await sleep(300);
		expect(namesIn(parent.hash)).toEqual(['Slow']);
		expect(countOf('create_folder', start)).toBe(1);
	});

	// The simulator's delay fault holds the request before its handler reads the body; a client
	// that gave up has closed the socket by then, so the upload is cut short and never stored.
	// After a timeout the node looks for a while (15 s), finds nothing, and must not resend:
	// the service might still be storing it.
	it('upload: a timed-out write that never appears is reported after the settle time, never resent', async () => {
		const folder = scratchFolder();
		faultNext('upload_file', { kind: 'delay', ms: 2500 });
		const start = sim().requests.length;
		const result = await uploadFile(folder.hash, samplePdf('slow'), 'slow.pdf', { timeout: 1500 });
		expect(result.error?.message).toMatch(
			/^Outcome uncertain: could not confirm whether the file "slow\.pdf" in the folder \S+ was written$/,
		);
		expect(result.error?.description).toMatch(/did not answer in time.*15 s later.*did not send it again/);
		expect(countOf('upload_file', start)).toBe(1);
		// The five looks of the settle window; nothing before the write.
		expect(countOf('get_folder_content', start)).toBe(5);
		expect(sim().storage.listChildren(folder.hash)).toHaveLength(0);
	});
});
