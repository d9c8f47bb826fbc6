/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * readAhead (transport/streams.ts): a download stream reads ahead of n8n's binary store without losing, reordering or
 * adding a byte. The engine-level proof (bytes intact, cut downloads still errors) is test/nodes/SvcStorage.
 */
import { Readable } from 'node:stream';

import { readAhead } from '../../nodes/shared/transport/streams';

/** A stream fed the way axios feeds n8n 2.x's response stream: an async generator, 64 KiB at a time. */
function generatorStream(chunks: number, size = 64 * 1024): Readable {
	return Readable.from(
		(async function* () {
			for (let n = 0; n < chunks; n++) yield Buffer.alloc(size, n);
		})(),
		{ objectMode: false },
	);
}

async function bytesOf(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

describe('readAhead', () => {
	it('lets the stream buffer up to the read-ahead before anyone reads it', async () => {
		const stream = readAhead(generatorStream(32));
		// The generator yields one chunk per turn of the event loop; unread, a stream stops at its highWaterMark.
		for (let turn = 0; turn < 100 && stream.readableLength < 1024 * 1024; turn++)
			await new Promise((resolve) => setImmediate(resolve));
		expect(stream.readableHighWaterMark).toBeGreaterThanOrEqual(1024 * 1024);
		expect(stream.readableLength).toBe(1024 * 1024);
	});

	it('loses, reorders and adds no byte, whatever the stream already held', async () => {
		const held = new Readable({ read() {} });
		held.push(Buffer.from('first '));
		held.push(Buffer.from('second '));
		readAhead(held);
		held.push(Buffer.from('third'));
		held.push(null);
		expect((await bytesOf(held)).toString()).toBe('first second third');

		const fed = readAhead(generatorStream(20));
		const bytes = await bytesOf(fed);
		expect(bytes.length).toBe(20 * 64 * 1024);
		for (let n = 0; n < 20; n++) expect(bytes[n * 64 * 1024]).toBe(n);
	});

	it('leaves an empty or ended stream, and a body that is no stream, as they are', async () => {
		const empty = new Readable({ read() {} });
		empty.push(null);
		readAhead(empty);
		expect(await bytesOf(empty)).toHaveLength(0);
		const inline = Buffer.from('inline');
		expect(readAhead(inline)).toBe(inline);
	});
});
