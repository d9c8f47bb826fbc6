/**
 * Items in parallel: reads run a batch at a time (the Batching option, 10 by default), writes up to 50 at once (uploads
 * up to 64 MiB of files) where no read-back could confuse them; output order and pairing are those of the input whatever order the answers come in. A loopback
 * proxy in front of the simulator (test/meteredProxy.ts) holds each batch's answers until the batch is in, answers later items
 * sooner, and counts requests in flight.
 */
import type { INodeParameters } from 'n8n-workflow';

import { useWarpedTime, warpedNow } from '../../../devkit/harness';
import { startServiceSimulator } from '../../../devkit/simulator';
import { meteredProxy as meteredProxyTo, type Meter } from '../../meteredProxy';
import { sim, storage, tokenCredentials, useSimulator } from './env';

const meteredProxy = async (batchOf: (requestNumber: number) => number) => await meteredProxyTo(sim().baseUrl, batchOf);

useSimulator();

let meter: Meter | undefined;
afterEach(() => meter?.server.close());

function files(count: number): string[] {
	const { demo } = sim();
	return Array.from(
		{ length: count },
		(_, index) =>
			sim().storage.addFile(
				demo.pro.userId,
				demo.folders.images.hash,
				`parallel-${Date.now()}-${index}.txt`,
				Buffer.from(`file ${index}`),
			).hash,
	);
}

const getInfo = (options: INodeParameters = {}): INodeParameters => ({
	resource: 'file',
	operation: 'getInfo',
	file: { __rl: true, mode: 'id', value: '={{ $json.hash }}' },
	options,
});

it('reads 10 items at a time by default, and the output keeps the input order and pairing', async () => {
	const hashes = files(25);
	meter = await meteredProxy((number) => Math.min(10, 25 - Math.floor(number / 10) * 10));
	const result = await storage(getInfo(), {
		credentials: { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: meter.url } },
		input: hashes.map((hash) => ({ json: { hash } })),
	});
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.file_hash)).toEqual(hashes);
	expect(result.items.map((item) => item.pairedItem)).toEqual(hashes.map((_, index) => ({ item: index })));
	expect(meter.maxInFlight).toBe(10);
	expect(meter.requests).toBe(25);
});

it('Batching → Items per Batch sets how many run at once; 1 reads one after another', async () => {
	const hashes = files(6);
	for (const [batchSize, expected] of [
		[3, 3],
		[1, 1],
	]) {
		meter = await meteredProxy((number) => Math.min(batchSize, 6 - Math.floor(number / batchSize) * batchSize));
		const result = await storage(getInfo({ batching: { batch: { batchSize } } }), {
			credentials: { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: meter.url } },
			input: hashes.map((hash) => ({ json: { hash } })),
		});
		expect(result.items.map((item) => item.json.file_hash)).toEqual(hashes);
		expect([batchSize, meter.maxInFlight]).toEqual([batchSize, expected]);
		meter.server.close();
	}
	meter = undefined;
});

/** Folder → Create in the Images folder of every item's `name`, through the meter. */
async function createFolders(names: string[]) {
	return await storage(
		{
			resource: 'folder',
			operation: 'create',
			parentFolder: { __rl: true, mode: 'id', value: sim().demo.folders.images.hash },
			folderName: '={{ $json.name }}',
		},
		{
			credentials: { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: meter?.url ?? '' } },
			input: names.map((name) => ({ json: { name } })),
		},
	);
}

const childrenNamed = (name: string) =>
	sim()
		.storage.listChildren(sim().demo.folders.images.hash)
		.filter((item) => item.name === name || item.name.startsWith(`${name} (`));

it('writes of names no read-back could confuse go at once, and each lands exactly once', async () => {
	meter = await meteredProxy(() => 8);
	const names = Array.from({ length: 8 }, (_, index) => `parallel-folder-${Date.now()}-${index}`);
	const result = await createFolders(names);
	expect(result.error).toBeUndefined();
	expect(result.items.map((item) => item.json.folder_name)).toEqual(names);
	expect(meter.maxInFlight).toBe(8);
	for (const name of names) expect(childrenNamed(name)).toHaveLength(1);
});

it('writes go up to 50 at once', async () => {
	meter = await meteredProxy((number) => (number < 50 ? 50 : 10));
	const names = Array.from({ length: 60 }, (_, index) => `fifty-${Date.now()}-${index}`);
	const result = await createFolders(names);
	expect(result.error).toBeUndefined();
	expect(meter.maxInFlight).toBe(50);
	for (const name of names) expect(childrenNamed(name)).toHaveLength(1);
});

describe('against a limit per minute, with waits 1,000 times faster', () => {
	useWarpedTime(1000, 500);

	it('after a 429 the writes in flight try again one at a time, held back together: 50 creates against 5 a minute', async () => {
		const limited = await startServiceSimulator({ createFolderRatePerMinute: 5, now: warpedNow });
		// The first 50 requests answered once all are in, the later ones at once.
		meter = await meteredProxyTo(limited.baseUrl, (number) => (number < 50 ? 50 : 1));
		try {
			const { pro, folders } = limited.demo;
			const names = Array.from({ length: 50 }, (_, index) => `limited-${Date.now()}-${index}`);
			const result = await storage(
				{
					resource: 'folder',
					operation: 'create',
					parentFolder: { __rl: true, mode: 'id', value: folders.images.hash },
					folderName: '={{ $json.name }}',
				},
				{
					credentials: {
						svcStorageApi: {
							baseUrl: meter.url,
							authMethod: 'accessToken',
							user: pro.login,
							accessToken: pro.apiToken ?? '',
						},
					},
					input: names.map((name) => ({ json: { name } })),
				},
			);
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.folder_name)).toEqual(names);
			const created = limited.storage.listChildren(folders.images.hash).map((item) => item.name);
			for (const name of names) expect(created.filter((other) => other === name)).toHaveLength(1);
			const answers = limited.requests.filter((entry) => entry.action === 'create_folder').map((entry) => entry.status);
			expect(answers.filter((status) => status === 200)).toHaveLength(50);
			// The first 50 at once: 5 pass. Then one at a time: each minute 5 pass and the sixth is refused.
			expect(answers.filter((status) => status === 429)).toHaveLength(45 + 8);
		} finally {
			await limited.close();
		}
	});
});

it('uploads go at most 64 MiB of files at once, by the size n8n recorded for each (a larger file goes alone)', async () => {
	meter = await meteredProxy(() => 1);
	const mib = 1024 * 1024;
	const stamp = Date.now();
	const result = await storage(
		{
			resource: 'file',
			operation: 'upload',
			folder: { __rl: true, mode: 'id', value: sim().demo.folders.images.hash },
		},
		{
			credentials: { svcStorageApi: { ...tokenCredentials().svcStorageApi, baseUrl: meter.url } },
			input: [40, 40, 100, 10].map((recorded, index) => ({
				json: {},
				binary: {
					data: {
						data: Buffer.from(`file ${index}`),
						fileName: `paced-${stamp}-${index}.txt`,
						recordedBytes: recorded * mib,
					},
				},
			})),
		},
	);
	expect(result.error).toBeUndefined();
	expect(result.items).toHaveLength(4);
	expect(meter.maxInFlight).toBe(1);
});

it('writes of one name go one after another, in item order, each numbered by the service once', async () => {
	meter = await meteredProxy(() => 1);
	const name = `same-folder-${Date.now()}`;
	const result = await createFolders([name, name, name, name]);
	expect(result.error).toBeUndefined();
	expect(meter.maxInFlight).toBe(1);
	const given = result.items.map((item) => item.json.folder_name);
	expect(given[0]).toBe(name);
	expect(new Set(given).size).toBe(4);
	expect(childrenNamed(name)).toHaveLength(4);
});

it('a folder given by path waits for the earlier items that may make it: nested folders in one run', async () => {
	const top = `nest-${Date.now()}`;
	const result = await storage(
		{
			resource: 'folder',
			operation: 'create',
			parentFolder: { __rl: true, mode: 'id', value: '={{ $json.parent }}' },
			folderName: '={{ $json.name }}',
		},
		{
			input: [
				{ parent: '', name: top },
				{ parent: `/${top}`, name: '2024' },
				{ parent: `/${top}/2024`, name: 'Q1' },
			].map((json) => ({ json })),
		},
	);
	expect(result.error).toBeUndefined();
	const [made, year, quarter] = result.items.map((item) => String(item.json.folder_hash));
	expect(
		sim()
			.storage.listChildren(made)
			.map((item) => [item.name, item.hash]),
	).toEqual([['2024', year]]);
	expect(
		sim()
			.storage.listChildren(year)
			.map((item) => [item.name, item.hash]),
	).toEqual([['Q1', quarter]]);
});

it('a failed item in a batch fails the node at that item, or with Continue On Fail stays in its place', async () => {
	const hashes = files(4);
	const input = [hashes[0], 'NoSuchFile0000000', hashes[2], hashes[3]].map((hash) => ({ json: { hash } }));
	const failed = await storage(getInfo(), { input });
	expect(failed.error?.itemIndex).toBe(1);
	const continued = await storage(getInfo(), { input, continueOnFail: true });
	expect(continued.items.map((item) => (item.json.error ? 'error' : item.json.file_hash))).toEqual([
		hashes[0],
		'error',
		hashes[2],
		hashes[3],
	]);
	expect(continued.items.map((item) => item.pairedItem)).toEqual([0, 1, 2, 3].map((item) => ({ item })));
});
