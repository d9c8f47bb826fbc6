/**
 * Svc Storage Trigger by identity: what a time cursor missed (moved-in files, clock steps),
 * the New Folder and File Updated events, backlogs, a folder of 50,000 files, and its saved state
 * (migrated from layout 1, refused when unreadable).
 */
import { createPoller } from '../../../devkit/harness';
import { addFile, emitted, requestsDuring, storagePoller, useTriggerEnv } from '../../../devkit/triggerEnv';

const env = useTriggerEnv(10_000);

const rootHash = () => env.sim.accounts.get(env.storage.userId)!.rootFolderHash;
const second = () => Math.floor(env.clock.now() / 1000);
const names = (items: Array<Record<string, unknown>>) => items.map((item) => item.file_name ?? item.folder_name);

function watch(name: string, extra: Record<string, unknown> = {}) {
	const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), `${name}-${env.clock.now()}`);
	const poller = storagePoller(env, { folder: { __rl: true, mode: 'id', value: folder.hash }, ...extra });
	return { folder, poller };
}

describe('New File, by identity', () => {
	it('a file moved in with an upload time days old is emitted once', async () => {
		const { folder, poller } = watch('moved-in');
		const elsewhere = env.sim.storage.createFolder(env.storage.userId, rootHash(), `elsewhere-${env.clock.now()}`);
		const old = addFile(env, 'old-report.pdf', { folderHash: elsewhere.hash, second: second() - 5 * 86_400 });
		await poller.poll();
		env.sim.storage.moveFile(old.hash, folder.hash);
		expect(names(emitted(await poller.poll()))).toEqual(['old-report.pdf']);
		expect(await poller.poll()).toBeNull();
	});

	it('a file stamped after the service clock stepped back ten minutes is emitted', async () => {
		const { folder, poller } = watch('clock-step');
		addFile(env, 'before.txt', { folderHash: folder.hash });
		await poller.poll();
		env.clock.advance(-600_000);
		addFile(env, 'after-the-step.txt', { folderHash: folder.hash });
		expect(names(emitted(await poller.poll()))).toEqual(['after-the-step.txt']);
		env.clock.advance(600_000);
	});

	it('a backlog of 12,000 files drains in ⌈12,000 / max⌉ polls of one request each, oldest first', async () => {
		const { folder, poller } = watch('backlog', { options: { maxFilesPerPoll: 1000 } });
		await poller.poll();
		for (let n = 0; n < 12_000; n++)
			addFile(env, `b${String(n).padStart(5, '0')}.txt`, {
				folderHash: folder.hash,
				second: second() + Math.floor(n / 100),
			});
		const seen: unknown[] = [];
		for (let poll = 0; poll < 12; poll++) {
			const { result, requests } = await requestsDuring(env, async () => await poller.poll());
			expect(requests).toHaveLength(1);
			const batch = names(emitted(result));
			expect(batch).toHaveLength(1000);
			seen.push(...batch);
		}
		expect(await poller.poll()).toBeNull();
		expect(new Set(seen).size).toBe(12_000);
		// Oldest first: the 100 files of the first second come first, those of the last second last.
		expect(seen.slice(0, 100).sort()).toEqual(
			Array.from({ length: 100 }, (_, n) => `b${String(n).padStart(5, '0')}.txt`),
		);
		expect(seen.slice(-100).sort()).toEqual(
			Array.from({ length: 100 }, (_, n) => `b${String(11_900 + n).padStart(5, '0')}.txt`),
		);
	});

	it('watches a folder of 50,000 files: a new one among them is found; the record is 8 bytes a file', async () => {
		const { folder, poller } = watch('fifty-thousand');
		for (let n = 0; n < 50_000; n++) addFile(env, `f${n}.txt`, { folderHash: folder.hash, second: second() });
		expect(await poller.poll()).toBeNull();
		addFile(env, 'the-new-one.txt', { folderHash: folder.hash });
		expect(names(emitted(await poller.poll()))).toEqual(['the-new-one.txt']);
		const saved = poller.staticData() as { state: { seen: string } };
		expect(saved.state.seen.length).toBe(50_001 * 8);
	});
});

describe('New Folder and File Updated', () => {
	it('New Folder emits a folder created or moved into the watched folder, once', async () => {
		const { folder, poller } = watch('folders', { event: 'newFolder' });
		env.sim.storage.createFolder(env.storage.userId, folder.hash, 'existing');
		await poller.poll();
		env.sim.storage.createFolder(env.storage.userId, folder.hash, 'Invoices');
		const outside = env.sim.storage.createFolder(env.storage.userId, rootHash(), `outside-${env.clock.now()}`);
		env.sim.storage.moveFolder(outside.hash, folder.hash);
		const items = emitted(await poller.poll());
		expect(names(items).sort()).toEqual(['Invoices', outside.name].sort());
		expect(items[0]).toMatchObject({ parent_folder_hash: folder.hash, folder_path: '' });
		expect(await poller.poll()).toBeNull();
	});

	it('File Updated emits a file whose last-modified time moved, once per change, and not new files', async () => {
		const { folder, poller } = watch('updates', { event: 'fileUpdated' });
		const file = addFile(env, 'contract.docx', { folderHash: folder.hash });
		await poller.poll();
		addFile(env, 'brand-new.txt', { folderHash: folder.hash });
		expect(await poller.poll()).toBeNull();
		env.sim.storage.getFile(file.hash)!.modifiedAt = second() + 60;
		const [changed] = emitted(await poller.poll());
		expect(changed).toMatchObject({ file_hash: file.hash, timestamp_last_modified: second() + 60 });
		expect(await poller.poll()).toBeNull();
	});
});

describe('saved state', () => {
	it('a layout-1 cursor is migrated: what was behind it is not emitted again, what is newer is', async () => {
		const { folder } = watch('migration');
		const old = addFile(env, 'old.txt', { folderHash: folder.hash, second: second() - 100 });
		addFile(env, 'newer.txt', { folderHash: folder.hash, second: second() + 5 });
		const fingerprint = JSON.stringify({ depth: 0, event: 'newFile', folder: folder.hash });
		const poller = storagePoller(
			env,
			{ folder: { __rl: true, mode: 'id', value: folder.hash } },
			{
				version: 1,
				watching: fingerprint,
				state: { cursor: { at: second() - 100, ids: [old.hash] } },
			},
		);
		expect(names(emitted(await poller.poll()))).toEqual(['newer.txt']);
		expect(await poller.poll()).toBeNull();
		expect(poller.staticData().version).toBe(2);
	});

	it('state it cannot read is an error saying how to start afresh, also right after a person activated the workflow', async () => {
		const { folder } = watch('unreadable');
		const fingerprint = JSON.stringify({ depth: 0, event: 'newFile', folder: folder.hash });
		const damaged = { version: 2, watching: fingerprint, state: { seen: 'not-a-record!' } };
		const afterRestart = createPoller({
			type: 'n8n-nodes-svc.svcStorageTrigger',
			parameters: { folder: { __rl: true, mode: 'id', value: folder.hash } },
			credentials: { svcStorageApi: env.storage.credentials },
			staticData: damaged,
			activation: 'init',
		});
		await expect(afterRestart.poll()).rejects.toThrow("The trigger's saved position cannot be read: it is damaged");
		expect(afterRestart.staticData()).toEqual(damaged);
		const newer = createPoller({
			type: 'n8n-nodes-svc.svcStorageTrigger',
			parameters: { folder: { __rl: true, mode: 'id', value: folder.hash } },
			credentials: { svcStorageApi: env.storage.credentials },
			staticData: { ...damaged, version: 9 },
			activation: 'init',
		});
		await expect(newer.poll()).rejects.toThrow('it was saved by a newer version of the node (layout 9)');
		const reactivated = storagePoller(env, { folder: { __rl: true, mode: 'id', value: folder.hash } }, damaged);
		await expect(reactivated.poll()).rejects.toThrow('it is damaged');
		expect(reactivated.staticData()).toEqual(damaged);
	});
});
