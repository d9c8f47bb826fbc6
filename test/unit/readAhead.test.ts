/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * readAhead (transport/streams.ts): a download stream reads ahead of n8n's binary store, which writes what it
 * iterates, and hands over each chunk as it arrived (no copy), without losing, reordering or adding a byte; a
 * broken stream still breaks the iteration. The engine-level proof (bytes intact, cut downloads still errors) is
 * test/nodes/SvcStorage.
 */
import { Readable } from 'node:stream';

import { readAhead } from '../../nodes/shared/transport/streams';

const KIB64 = 64 * 1024;

/** A stream fed the way axios feeds n8n 2.x's response stream: an async generator, 64 KiB at a time. */
function generatorStream(chunks: number, fed: Buffer[] = []): Readable {
	return Readable.from(
		(async function* () {
			for (let n = 0; n < chunks; n++) {
				const chunk = Buffer.alloc(KIB64, n);
				fed.push(chunk);
				yield chunk;
			}
		})(),
		{ objectMode: false },
	);
}

const turns = async (count: number) => {
	for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
};

async function bytesOf(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

describe('readAhead', () => {
	it('reads up to the read-ahead while the consumer is busy, and no further', async () => {
		const fed: Buffer[] = [];
		const stream = readAhead(generatorStream(64, fed), 1024 * 1024);
		const chunks = stream[Symbol.asyncIterator]();
		const first = await chunks.next();
		expect(first.done).toBe(false);
		// The consumer writes the first chunk; meanwhile the stream goes on reading, up to 1 MiB (and its own 64 KiB).
		await turns(200);
		expect(fed.length).toBeGreaterThanOrEqual(16);
		expect(fed.length).toBeLessThanOrEqual(16 + 3);
		await chunks.return?.();
	});

	it('hands over the very chunks that arrived, not copies of them', async () => {
		const fed: Buffer[] = [];
		const stream = readAhead(generatorStream(40, fed));
		const received: Buffer[] = [];
		for await (const chunk of stream) {
			received.push(chunk as Buffer);
			await turns(3);
		}
		expect(received).toHaveLength(40);
		received.forEach((chunk, n) => expect(chunk).toBe(fed[n]));
	});

	it('loses, reorders and adds no byte, whatever the stream already held', async () => {
		const held = new Readable({ read() {} });
		held.push(Buffer.from('first '));
		held.push(Buffer.from('second '));
		readAhead(held);
		held.push(Buffer.from('third'));
		held.push(null);
		expect((await bytesOf(held)).toString()).toBe('first second third');

		const bytes = await bytesOf(readAhead(generatorStream(20)));
		expect(bytes.length).toBe(20 * KIB64);
		for (let n = 0; n < 20; n++) expect(bytes[n * KIB64]).toBe(n);
	});

	it('ends the iteration with the error that broke the stream', async () => {
		const broken = readAhead(new Readable({ read() {} }));
		broken.push(Buffer.from('part'));
		setImmediate(() => broken.destroy(new Error('socket hang up')));
		await expect(bytesOf(broken)).rejects.toThrow('socket hang up');

		const closed = readAhead(new Readable({ read() {} }));
		setImmediate(() => closed.destroy());
		await expect(bytesOf(closed)).rejects.toThrow('Premature close');
	});

	it('stops the stream when the consumer stops early', async () => {
		const stream = readAhead(generatorStream(64));
		for await (const chunk of stream) {
			expect(chunk).toHaveLength(KIB64);
			break;
		}
		expect(stream.destroyed).toBe(true);
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
