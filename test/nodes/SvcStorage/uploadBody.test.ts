/**
 * The body of File → Upload on the wire, in every binary mode n8n has: a valid multipart body (read by undici,
 * a parser nobody here wrote) with an exact Content-Length and no chunked encoding, the credential's fields in
 * it, the file byte for byte. A recording proxy between the engine and the simulator keeps what arrived (test/recordingProxy.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

import { Response } from 'undici';

import { startRecordingProxy, type Arrived, type RecordingProxy } from '../../recordingProxy';

import type { BinaryMode } from '../../../devkit/harness';
import { removeBinaryData } from '../../../devkit/harness';
import { byHash, jsonOf, passwordCredentials, sim, storage, tokenCredentials, useSimulator } from './env';

useSimulator();

let proxy: RecordingProxy;

beforeAll(async () => {
	proxy = await startRecordingProxy(() => sim().baseUrl);
});

afterAll(async () => {
	await proxy.close();
	removeBinaryData();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Uploads `content` through the proxy and returns the one upload request that arrived, with the node's output. */
async function uploadThroughProxy(content: Buffer, binaryMode: BinaryMode, auth: 'token' | 'password' = 'token') {
	const pro = sim().demo.pro;
	const folder = sim().storage.createFolder(pro.userId, pro.rootFolderHash, `wire-${randomBytes(4).toString('hex')}`);
	const credentials = auth === 'token' ? tokenCredentials() : passwordCredentials();
	credentials.svcStorageApi.baseUrl = proxy.url;
	const from = proxy.arrived.length;
	const result = await storage(
		{ resource: 'file', operation: 'upload', folder: byHash(folder.hash) },
		{
			credentials,
			binaryMode,
			input: [{ json: {}, binary: { data: { data: content, fileName: 'r"e\nport.bin', mimeType: 'image/x-test' } } }],
		},
	);
	expect(result.error).toBeUndefined();
	const uploads = proxy.arrived.slice(from).filter((request) => request.path.startsWith('/api_v2/upload_file'));
	expect(uploads).toHaveLength(1);
	return { request: uploads[0], output: jsonOf(result)[0] };
}

async function formOf(request: Arrived) {
	return await new Response(request.body, {
		headers: { 'content-type': String(request.headers['content-type']) },
	}).formData();
}

describe.each<BinaryMode>(['default', 'filesystem', 'database'])('File → Upload in %s binary mode', (binaryMode) => {
	it.each([
		['a small file', 1_900],
		['a file larger than one write', 300 * 1024 + 7],
	])('sends %s as multipart with its exact Content-Length', async (_label, size) => {
		const content = randomBytes(size);
		const { request: upload, output } = await uploadThroughProxy(content, binaryMode);

		expect(upload.headers['transfer-encoding']).toBeUndefined();
		expect(upload.headers['content-length']).toBe(String(upload.body.length));
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		const form = await formOf(upload);
		const pro = sim().demo.pro;
		expect(form.get('user')).toBe(pro.login);
		expect(form.get('user_access_token')).toBe(pro.apiToken);
		const file = form.get('file') as unknown as { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> };
		expect(file.name).toBe('r"e\nport.bin');
		expect(file.type).toBe('image/x-test');
		expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(content));
		expect(sha256(sim().storage.getFile(output.file_hash as string)!.content)).toBe(sha256(content));
	});
});

it('sends the body without the token fields when the credential signs with a header', async () => {
	const content = randomBytes(2_000);
	const { request: upload } = await uploadThroughProxy(content, 'filesystem', 'password');

	expect(upload.headers.authorization).toMatch(/^Basic /);
	expect(upload.headers['content-length']).toBe(String(upload.body.length));
	const form = await formOf(upload);
	expect(form.has('user_access_token')).toBe(false);
	expect(form.has('user')).toBe(false);
	const file = form.get('file') as unknown as { arrayBuffer(): Promise<ArrayBuffer> };
	expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(content));
});
