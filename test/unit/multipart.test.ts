/**
 * The multipart body the package encodes itself (transport/multipart.ts): what axios reads of it (its `type`,
 * `size` and `stream()`), checked against undici's parser; how many chunks it leaves in; a file that brings
 * other than its announced size. The engine-level proof per binary mode is test/nodes/SvcStorage/uploadBody.
 */
import { randomBytes } from 'node:crypto';

import { Response } from 'undici';

import { withBodyFields } from '../../nodes/shared/transport/bodyFields';
import { StreamingFormData, readIfSmall, streamedFile } from '../../nodes/shared/transport/multipart';

async function chunksOf(form: StreamingFormData): Promise<Buffer[]> {
	const chunks: Buffer[] = [];
	for await (const chunk of form.stream()) chunks.push(Buffer.from(chunk));
	return chunks;
}

function fileOf(content: Buffer, pieces = 1) {
	const step = Math.ceil(content.length / pieces);
	return streamedFile('a.bin', 'application/pdf', content.length, async function* () {
		for (let at = 0; at < content.length; at += step) yield content.subarray(at, at + step);
	});
}

async function parsed(form: StreamingFormData, body: Buffer) {
	return await new Response(body, { headers: { 'content-type': form.type } }).formData();
}

it('is a Blob to axios: its type the multipart Content-Type, its size the length of what it streams', async () => {
	const content = randomBytes(1_900);
	const form = new StreamingFormData();
	form.append('folder_hash', 'abc');
	form.append('note', 'two\nlines\r\nhere');
	form.append('file', fileOf(content));
	const body = Buffer.concat(await chunksOf(form));

	expect(Object.prototype.toString.call(form)).toBe('[object Blob]');
	expect(form.type).toMatch(/^multipart\/form-data; boundary=-+SvcFormBoundary[0-9a-f]{24}$/);
	expect(form.size).toBe(body.length);
	const read = await parsed(form, body);
	expect(read.get('folder_hash')).toBe('abc');
	expect(read.get('note')).toBe('two\r\nlines\r\nhere');
	const file = read.get('file') as unknown as { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> };
	expect(file).toMatchObject({ name: 'a.bin', type: 'application/pdf' });
	expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
});

it('leaves a small body in one chunk, head, file and tail together', async () => {
	const form = new StreamingFormData();
	form.append('user', 'someone');
	form.append('file', fileOf(randomBytes(1_900), 3));

	expect(await chunksOf(form)).toHaveLength(1);
});

it("streams a large file's own chunks between the head and the tail", async () => {
	const content = randomBytes(1024 * 1024);
	const form = new StreamingFormData();
	form.append('file', fileOf(content, 16));
	const chunks = await chunksOf(form);

	expect(chunks.length).toBeGreaterThanOrEqual(16);
	expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(64 * 1024);
	const read = await parsed(form, Buffer.concat(chunks));
	const file = read.get('file') as unknown as { arrayBuffer(): Promise<ArrayBuffer> };
	expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
});

it.each([
	['fewer', 10, /gave 10 of its 11 bytes/],
	['more', 12, /gave more than its 11 bytes/],
])('fails when the file brings %s bytes than its size, the Content-Length', async (_label, given, message) => {
	const form = new StreamingFormData();
	form.append(
		'file',
		streamedFile('short.bin', '', 11, async function* () {
			yield Buffer.alloc(given);
		}),
	);

	await expect(chunksOf(form)).rejects.toThrow(message);
});

it("takes a credential's fields in front of its parts, encoded with the rest when it is read", async () => {
	const form = new StreamingFormData();
	form.append('folder_hash', 'abc');
	form.append('file', fileOf(Buffer.from('hello')));
	const signed = withBodyFields(
		{ url: 'https://svc.example/api_v2/upload_file', body: form },
		{
			user: 'u',
			user_access_token: 't',
		},
		'no room',
	).body as StreamingFormData;
	const body = Buffer.concat(await chunksOf(signed));

	expect(signed.size).toBe(body.length);
	const read = await parsed(signed, body);
	expect([...read.keys()]).toEqual(['user', 'user_access_token', 'folder_hash', 'file']);
});

describe('a small file read whole before the request', () => {
	it("leaves with the credential's fields as one Buffer, under the form's own boundary", async () => {
		const content = randomBytes(1_900);
		const form = new StreamingFormData();
		form.append('folder_hash', 'abc');
		form.append('file', await readIfSmall(fileOf(content, 3)));
		const signed = form.withFields({ user: 'u', user_access_token: 't' });

		expect(Buffer.isBuffer(signed)).toBe(true);
		const read = await parsed(form, signed as Buffer);
		expect([...read.keys()]).toEqual(['user', 'user_access_token', 'folder_hash', 'file']);
		const file = read.get('file') as unknown as { arrayBuffer(): Promise<ArrayBuffer> };
		expect(Buffer.from(await file.arrayBuffer()).equals(content)).toBe(true);
	});

	it('stays a stream when larger than one write', async () => {
		const form = new StreamingFormData();
		form.append('file', await readIfSmall(fileOf(randomBytes(64 * 1024 + 1), 2)));
		const signed = form.withFields({ user: 'u' });

		expect(Buffer.isBuffer(signed)).toBe(false);
		expect((signed as StreamingFormData).type).toBe(form.type);
	});

	it('is refused before any request when it brings other than its size', async () => {
		const short = streamedFile('short.bin', '', 11, async function* () {
			yield Buffer.alloc(10);
		});

		await expect(readIfSmall(short)).rejects.toThrow(/gave 10 of its 11 bytes/);
	});
});
