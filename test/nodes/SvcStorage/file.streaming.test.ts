/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * A 50 MB file round-trips through upload and download in n8n's filesystem binary mode. RSS
 * growth is printed, not asserted (the simulator runs in this process and keeps the stored
 * file in memory, so its copy is part of the figure).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { removeBinaryData } from '../../../devkit/harness';
import { byHash, jsonOf, sim, storage, useSimulator } from './env';

useSimulator();

const SIZE = 50 * 1024 * 1024;
let dir: string;
let path: string;
let expected: string;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'svc-stream-'));
	path = join(dir, 'big.bin');
	const content = randomBytes(SIZE);
	expected = createHash('sha256').update(content).digest('hex');
	writeFileSync(path, content);
});

afterAll(() => {
	rmSync(dir, { recursive: true, force: true });
	removeBinaryData();
});

async function sha256OfStream(stream: AsyncIterable<Buffer>): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk);
	return hash.digest('hex');
}

function rssMb(): number {
	return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

it('uploads and downloads 50 MB in filesystem mode, byte for byte', async () => {
	expect(await sha256OfStream(createReadStream(path))).toBe(expected);
	const pro = sim().demo.pro;
	const folder = sim().storage.createFolder(pro.userId, pro.rootFolderHash, 'Big files');

	global.gc?.();
	const beforeUpload = rssMb();
	const uploaded = await storage(
		{ resource: 'file', operation: 'upload', folder: byHash(folder.hash) },
		{
			binaryMode: 'filesystem',
			input: [
				{ json: {}, binary: { data: { data: path, fileName: 'big.bin', mimeType: 'application/octet-stream' } } },
			],
		},
	);
	const afterUpload = rssMb();
	const [out] = jsonOf(uploaded);
	const stored = sim().storage.getFile(out.file_hash as string)!;
	expect(stored.size).toBe(SIZE);
	expect(createHash('sha256').update(stored.content).digest('hex')).toBe(expected);

	const beforeDownload = rssMb();
	const downloaded = await storage(
		{ resource: 'file', operation: 'download', file: byHash(stored.hash) },
		{ binaryMode: 'filesystem' },
	);
	const afterDownload = rssMb();
	expect(downloaded.error).toBeUndefined();
	const binary = downloaded.items[0].binary!.data;
	expect(binary.id).toMatch(/^filesystem-v2:/);
	expect(binary).toMatchObject({ fileName: 'big.bin' });
	expect(downloaded.items[0].json.size).toBe(SIZE);
	expect(
		createHash('sha256')
			.update(await downloaded.binaryBuffer(downloaded.items[0]))
			.digest('hex'),
	).toBe(expected);

	console.log(
		`50 MB in filesystem mode: upload RSS ${beforeUpload} → ${afterUpload} MB (+${afterUpload - beforeUpload}, includes the simulator's stored copy); ` +
			`download RSS ${beforeDownload} → ${afterDownload} MB (+${afterDownload - beforeDownload})`,
	);
});
