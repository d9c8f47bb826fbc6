/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n: it builds the streams n8n hands over */
/**
 * Whether a download is whole, for every body n8n's helpers hand over and every binary mode of both
 * n8n lines (nodes/shared/platform.ts): decided on what n8n stored, never on a count that misses
 * bytes the body already held (n8n 1.x's axios stream) or content that came inline (MCP).
 */
import { Readable } from 'node:stream';

import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';

import { binaryFromStream } from '../../../nodes/shared/execution/binary';
import { countArrivals, storedByteCount } from '../../../nodes/shared/execution/platform';
import { STORAGE_NODE, nodeOfType } from '../../helpers';

const NODE = nodeOfType(STORAGE_NODE, 'Svc Storage');

type Store = 'default (1.x, in memory)' | 'filesystem (1.x, size in metadata)' | 'filesystem (2.x, bytes counted)';
const STORES: Store[] = [
	'default (1.x, in memory)',
	'filesystem (1.x, size in metadata)',
	'filesystem (2.x, bytes counted)',
];

async function bytesOf(body: unknown): Promise<Buffer> {
	if (Buffer.isBuffer(body)) return body;
	const chunks: Buffer[] = [];
	for await (const chunk of body as AsyncIterable<Buffer>) chunks.push(chunk);
	return Buffer.concat(chunks);
}

/** A node context whose binary store reads the body to its end, as each store of each line does. */
function contextWith(store: Store): { ctx: IExecuteFunctions; stored: Map<string, Buffer> } {
	const stored = new Map<string, Buffer>();
	const helpers = {
		prepareBinaryData: async (body: unknown, fileName: string, mimeType: string): Promise<IBinaryData> => {
			const bytes = await bytesOf(body);
			if (store === 'default (1.x, in memory)') return { data: bytes.toString('base64'), fileName, mimeType };
			const id = `filesystem-v2:${stored.size + 1}`;
			stored.set(id, bytes);
			return {
				id,
				data: 'filesystem-v2',
				fileName,
				mimeType,
				...(store === 'filesystem (2.x, bytes counted)' ? { bytes: bytes.length } : {}),
			};
		},
		getBinaryMetadata: async (id: string) => ({ fileSize: stored.get(id)!.length, fileName: 'x', mimeType: 'x' }),
	};
	return { ctx: { getNode: () => NODE, helpers } as unknown as IExecuteFunctions, stored };
}

/** A response stream as n8n 1.x hands it over: the body (or its start) already in its buffer. */
function bufferedStream(content: Buffer, heldBeforeHandOver: number, cutAt = content.length): Readable {
	const stream = new Readable({ read() {} });
	stream.push(content.subarray(0, heldBeforeHandOver));
	setImmediate(() => {
		if (cutAt > heldBeforeHandOver) stream.push(content.subarray(heldBeforeHandOver, cutAt));
		if (cutAt === content.length) stream.push(null);
		else stream.destroy(new Error('aborted'));
	});
	return stream;
}

describe.each(STORES)('binary store %s', (store) => {
	const content = Buffer.from('%PDF-1.7 contract body of eighty-eight bytes, more or less, for the download check\n');

	it.each([
		['the whole body already held', content.length],
		['its first bytes already held', 10],
		['nothing held yet', 0],
	])('a whole file from a stream with %s is output', async (_label, held) => {
		const { ctx } = contextWith(store);
		const binary = await binaryFromStream(
			ctx,
			{ body: bufferedStream(content, held), size: content.length },
			'contract.pdf',
			'application/pdf',
			0,
		);
		expect(await storedByteCount(ctx, binary)).toBe(content.length);
	});

	it('a whole file that came inline (a Buffer) is output', async () => {
		const { ctx } = contextWith(store);
		const json = Buffer.from('{"next":"ACME-T-0042"}');
		const binary = await binaryFromStream(
			ctx,
			{ body: json, size: json.length },
			'pointer.json',
			'application/json',
			0,
		);
		expect(await storedByteCount(ctx, binary)).toBe(json.length);
	});

	it('a body that ends early is an error saying how many of how many bytes arrived', async () => {
		const { ctx } = contextWith(store);
		const short = new Readable({ read() {} });
		short.push(content.subarray(0, 40));
		short.push(null);
		await expect(
			binaryFromStream(ctx, { body: short, size: content.length }, 'contract.pdf', 'application/pdf', 0),
		).rejects.toThrow(`The download of "contract.pdf" was cut off: 40 of ${content.length} bytes arrived`);
	});
});

it('a body that breaks off is an error with the bytes that arrived, the held ones included', async () => {
	const { ctx } = contextWith('filesystem (2.x, bytes counted)');
	const content = Buffer.alloc(1000, 1);
	await expect(
		binaryFromStream(ctx, { body: bufferedStream(content, 100, 600), size: 1000 }, 'big.bin', undefined, 0),
	).rejects.toThrow('The download of "big.bin" was cut off: 600 of 1000 bytes arrived (aborted)');
});

it('n8n 2.x database mode refusing a file over its cap names the setting to change', async () => {
	class FileTooLargeError extends Error {}
	const ctx = {
		getNode: () => NODE,
		helpers: {
			prepareBinaryData: async () => {
				throw new FileTooLargeError('over the cap');
			},
		},
	} as unknown as IExecuteFunctions;
	const failure = binaryFromStream(
		ctx,
		{ body: Buffer.alloc(3 * 1024 * 1024), size: 3 * 1024 * 1024 },
		'big.bin',
		undefined,
		0,
	);
	await expect(failure).rejects.toThrow('The file (3.0 MiB) is larger than n8n keeps in its database');
	await expect(failure).rejects.toMatchObject({
		description: expect.stringContaining('N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE'),
	});
});

it('countArrivals counts what a stream already held and what arrives later', async () => {
	const stream = new Readable({ read() {} });
	stream.push(Buffer.alloc(7));
	const arrivals = countArrivals(stream);
	stream.push(Buffer.alloc(5));
	stream.push(null);
	expect(arrivals.count).toBe(12);
	expect(countArrivals(Buffer.alloc(3)).count).toBe(3);
});
