import { binaryBuffer } from '../../../devkit/harness';
import { addFile, emitted, requestsDuring, storagePoller, useTriggerEnv } from '../../../devkit/triggerEnv';

const env = useTriggerEnv(10_000);

function rootHash(): string {
	return env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
}

/** A fresh folder to watch, so tests do not see each other's files. */
function watchNewFolder(name: string) {
	const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), name);
	return { folder, parameters: { folder: { __rl: true, mode: 'id', value: folder.hash } } };
}

const names = (items: Array<Record<string, unknown>>) => items.map((item) => item.file_name);
const second = () => Math.floor(env.clock.now() / 1000);

describe('Svc Storage Trigger: New File', () => {
	it('emits nothing that existed at activation, then each new file once', async () => {
		const { folder, parameters } = watchNewFolder('activation');
		addFile(env, 'old.txt', { folderHash: folder.hash });
		const poller = storagePoller(env, parameters);
		expect(await poller.poll()).toBeNull();
		expect(await poller.poll()).toBeNull();
		env.clock.advance(1000);
		addFile(env, 'new.txt', { folderHash: folder.hash });
		const first = emitted(await poller.poll());
		expect(names(first)).toEqual(['new.txt']);
		expect(first[0]).toMatchObject({ folder_hash: folder.hash, folder_path: '' });
		expect(await poller.poll()).toBeNull();
	});

	it('costs one request per idle poll of a folder, one more per watched subfolder', async () => {
		const { folder, parameters } = watchNewFolder('idle');
		addFile(env, 'a.txt', { folderHash: folder.hash });
		const flat = storagePoller(env, parameters);
		await flat.poll();
		const idle = await requestsDuring(env, async () => await flat.poll());
		expect(idle.requests.map((r) => r.action)).toEqual(['get_folder_content']);

		env.sim.storage.createFolder(env.storage.userId, folder.hash, 'one');
		env.sim.storage.createFolder(env.storage.userId, folder.hash, 'two');
		const deep = storagePoller(env, { ...parameters, subfolderDepth: 1 });
		await deep.poll();
		const idleDeep = await requestsDuring(env, async () => await deep.poll());
		expect(idleDeep.requests).toHaveLength(3);
	});

	it('remembers the files of the newest second by hash: none twice, none skipped', async () => {
		const { folder, parameters } = watchNewFolder('same-second');
		const poller = storagePoller(env, parameters);
		await poller.poll();
		const at = second() + 5;
		addFile(env, 's1.txt', { folderHash: folder.hash, second: at });
		addFile(env, 's2.txt', { folderHash: folder.hash, second: at });
		expect(names(emitted(await poller.poll()))).toEqual(expect.arrayContaining(['s1.txt', 's2.txt']));
		// A third file lands in the same second after the poll saw the first two.
		addFile(env, 's3.txt', { folderHash: folder.hash, second: at });
		expect(names(emitted(await poller.poll()))).toEqual(['s3.txt']);
		expect(await poller.poll()).toBeNull();
	});

	it('watches subfolders down to the chosen depth and names their path', async () => {
		const { folder, parameters } = watchNewFolder('tree');
		const child = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'child');
		const grandchild = env.sim.storage.createFolder(env.storage.userId, child.hash, 'grandchild');
		const poller = storagePoller(env, { ...parameters, subfolderDepth: 1 });
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'in-child.txt', { folderHash: child.hash });
		addFile(env, 'in-grandchild.txt', { folderHash: grandchild.hash });
		const items = emitted(await poller.poll());
		expect(names(items)).toEqual(['in-child.txt']);
		expect(items[0]).toMatchObject({ folder_hash: child.hash, folder_path: 'child' });
	});

	it('filters by name pattern and extension', async () => {
		const { folder, parameters } = watchNewFolder('filters');
		const poller = storagePoller(env, {
			...parameters,
			filters: { namePattern: 'invoice-*', extensions: 'PDF, .txt' },
		});
		await poller.poll();
		env.clock.advance(1000);
		for (const name of ['invoice-1.pdf', 'invoice-2.TXT', 'invoice-3.doc', 'receipt.pdf'])
			addFile(env, name, { folderHash: folder.hash });
		expect(names(emitted(await poller.poll())).sort()).toEqual(['invoice-1.pdf', 'invoice-2.TXT']);
		expect(await poller.poll()).toBeNull();
	});

	it('downloads each new file into the chosen binary field', async () => {
		const { folder, parameters } = watchNewFolder('download');
		const poller = storagePoller(env, { ...parameters, download: true, binaryPropertyName: 'file' });
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'report.txt', { folderHash: folder.hash });
		const result = await poller.poll();
		const item = result![0][0];
		expect(item.binary?.file?.fileName).toBe('report.txt');
		expect((await binaryBuffer(item, 'file')).toString()).toBe('content of report.txt');
	});

	it('passes over a file deleted between listing and download', async () => {
		const { folder, parameters } = watchNewFolder('vanishing');
		const poller = storagePoller(env, { ...parameters, download: true });
		await poller.poll();
		env.clock.advance(1000);
		const doomed = addFile(env, 'doomed.txt', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'kept.txt', { folderHash: folder.hash });
		env.sim.faults.add({
			match: (req) => {
				if (req.path === '/api_v2/download_file' && req.body.toString().includes(doomed.hash)) {
					if (env.sim.storage.getFile(doomed.hash)) env.sim.storage.deleteFile(doomed.hash);
				}
				return false;
			},
			fault: { kind: 'delay', ms: 0 },
		});
		expect(names(emitted(await poller.poll()))).toEqual(['kept.txt']);
		expect(await poller.poll()).toBeNull();
	});

	it('drains a backlog oldest first over several polls when it exceeds Max Files per Poll', async () => {
		const { folder, parameters } = watchNewFolder('backlog');
		const poller = storagePoller(env, { ...parameters, options: { maxFilesPerPoll: 2 } });
		await poller.poll();
		const base = second() + 1;
		['f1', 'f2', 'f3', 'f4', 'f5'].forEach((name, index) =>
			addFile(env, `${name}.txt`, { folderHash: folder.hash, second: base + index }),
		);
		expect(names(emitted(await poller.poll()))).toEqual(['f1.txt', 'f2.txt']);
		expect(names(emitted(await poller.poll()))).toEqual(['f3.txt', 'f4.txt']);
		expect(names(emitted(await poller.poll()))).toEqual(['f5.txt']);
		expect(await poller.poll()).toBeNull();
	});

	it('Fetch Test Event returns the newest matching file and leaves the cursor alone', async () => {
		const { folder, parameters } = watchNewFolder('manual');
		const poller = storagePoller(env, { ...parameters, filters: { extensions: 'pdf' } });
		await expect(poller.poll('manual')).rejects.toThrow('No matching file in the watched folder yet');
		await poller.poll();
		const before = poller.staticData();
		env.clock.advance(1000);
		addFile(env, 'older.pdf', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'newest.pdf', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'newest-but-filtered.txt', { folderHash: folder.hash });
		expect(names(emitted(await poller.poll('manual')))).toEqual(['newest.pdf']);
		expect(poller.staticData()).toEqual(before);
		expect(names(emitted(await poller.poll()))).toEqual(['older.pdf', 'newest.pdf']);
	});

	it.each([
		['a 500', { kind: 'status500AfterCommit' as const }],
		['a dropped connection', { kind: 'dropBeforeCommit' as const }],
		['a 503', { kind: 'statusBeforeCommit' as const, status: 503 }],
	])('a poll failing midway on %s emits nothing and the next poll catches up', async (_label, fault) => {
		const { folder, parameters } = watchNewFolder(`fault-${fault.kind}`);
		const child = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'child');
		const poller = storagePoller(env, { ...parameters, subfolderDepth: 1 });
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'top.txt', { folderHash: folder.hash });
		addFile(env, 'nested.txt', { folderHash: child.hash });
		const before = poller.staticData();
		env.sim.faults.add({ match: { action: 'get_folder_content' }, fault, skip: 1 });
		await expect(poller.poll()).rejects.toThrow();
		expect(poller.staticData()).toEqual(before);
		expect(names(emitted(await poller.poll())).sort()).toEqual(['nested.txt', 'top.txt']);
		expect(await poller.poll()).toBeNull();
	});

	it('a file that cannot be downloaded is emitted without its binary and with the error; the others with theirs', async () => {
		const { folder, parameters } = watchNewFolder('download-fault');
		const poller = storagePoller(env, { ...parameters, download: true });
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'd1.txt', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'd2.txt', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'd3.txt', { folderHash: folder.hash });
		env.sim.faults.add({
			match: { action: 'download_file' },
			fault: { kind: 'rateLimit', retryAfterSeconds: 0 },
			skip: 1,
			times: 4,
		});
		const result = await poller.poll();
		expect(names(emitted(result))).toEqual(['d1.txt', 'd2.txt', 'd3.txt']);
		const [d1, d2, d3] = result![0];
		expect(d1.binary?.data).toBeDefined();
		expect(d2.binary).toBeUndefined();
		expect(d2.json.download_error).toMatch(/rate-limiting/);
		expect(d3.binary?.data).toBeDefined();
		expect(await poller.poll()).toBeNull();
	});

	it('with Try Again Next Poll, a file that cannot be downloaded waits (others go on), then is emitted once it can be', async () => {
		const { folder, parameters } = watchNewFolder('download-retry');
		const poller = storagePoller(env, {
			...parameters,
			download: true,
			options: { onDownloadError: 'retry', downloadAttempts: 3 },
		});
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'r1.txt', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'r2.txt', { folderHash: folder.hash });
		env.sim.faults.add({
			match: { action: 'download_file' },
			fault: { kind: 'statusBeforeCommit', status: 500 },
			times: 4,
		});
		expect(names(emitted(await poller.poll()))).toEqual([]);
		env.sim.faults.clear();
		expect(names(emitted(await poller.poll()))).toEqual(['r1.txt', 'r2.txt']);
	});

	it('with Try Again Next Poll, a file that never downloads is emitted with the error after the last attempt', async () => {
		const { folder, parameters } = watchNewFolder('download-never');
		const poller = storagePoller(env, {
			...parameters,
			download: true,
			options: { onDownloadError: 'retry', downloadAttempts: 2 },
		});
		await poller.poll();
		env.clock.advance(1000);
		const broken = addFile(env, 'broken.txt', { folderHash: folder.hash });
		env.clock.advance(1000);
		addFile(env, 'fine.txt', { folderHash: folder.hash });
		env.sim.faults.add({
			match: (req) =>
				req.path.includes('download_file') && `${req.body.toString()} ${req.query.toString()}`.includes(broken.hash),
			fault: { kind: 'statusBeforeCommit', status: 500 },
			times: 100,
		});
		expect(names(emitted(await poller.poll()))).toEqual(['fine.txt']);
		const last = emitted(await poller.poll());
		expect(names(last)).toEqual(['broken.txt']);
		expect(last[0].download_error).toBeDefined();
		expect(await poller.poll()).toBeNull();
	});

	it('a file that disappears between polls does not break the cursor', async () => {
		const { folder, parameters } = watchNewFolder('deleted-anchor');
		const poller = storagePoller(env, parameters);
		await poller.poll();
		const at = second() + 1;
		const anchor = addFile(env, 'anchor.txt', { folderHash: folder.hash, second: at });
		expect(names(emitted(await poller.poll()))).toEqual(['anchor.txt']);
		env.sim.storage.deleteFile(anchor.hash);
		addFile(env, 'same-second.txt', { folderHash: folder.hash, second: at });
		addFile(env, 'later.txt', { folderHash: folder.hash, second: at + 1 });
		expect(names(emitted(await poller.poll()))).toEqual(['same-second.txt', 'later.txt']);
		expect(await poller.poll()).toBeNull();
	});

	it('a deleted watched folder surfaces as a clear error', async () => {
		const { folder, parameters } = watchNewFolder('to-delete');
		const poller = storagePoller(env, parameters);
		await poller.poll();
		env.sim.storage.deleteFolder(folder.hash);
		await expect(poller.poll()).rejects.toThrow('The watched folder can no longer be listed (405)');
	});

	it('rejected credentials surface as a clear error', async () => {
		const { parameters } = watchNewFolder('bad-credentials');
		const poller = storagePoller(env, parameters);
		const { createPoller } = await import('../../../devkit/harness');
		const wrong = createPoller({
			type: 'n8n-nodes-svc.svcStorageTrigger',
			parameters,
			credentials: { svcStorageApi: { ...env.storage.credentials, accessToken: 'wrong-token' } },
		});
		await expect(wrong.poll()).rejects.toThrow(/did not accept the credentials \(401\)/);
		expect(await poller.poll()).toBeNull();
	});

	it('starts afresh when the watched folder changes', async () => {
		const first = watchNewFolder('first');
		const second = watchNewFolder('second');
		const poller = storagePoller(env, first.parameters);
		await poller.poll();
		env.clock.advance(1000);
		addFile(env, 'in-second-before.txt', { folderHash: second.folder.hash });
		const moved = storagePoller(env, second.parameters, poller.staticData());
		expect(await moved.poll()).toBeNull();
	});
});

describe('Svc Storage Trigger: settings out of range', () => {
	it('refuses them by name before any request', async () => {
		const { parameters } = watchNewFolder('ranges');
		for (const [extra, message] of [
			[{ subfolderDepth: 9 }, 'The parameter "Subfolder Depth" must be a whole number from 0 to 5'],
			[{ options: { maxFilesPerPoll: 0 } }, 'The parameter "Max Items per Poll" must be a whole number from 1 to 1000'],
		] as const) {
			const poller = storagePoller(env, { ...parameters, ...extra });
			const { requests } = await requestsDuring(env, async () => await expect(poller.poll()).rejects.toThrow(message));
			expect(requests).toEqual([]);
		}
	});
});
