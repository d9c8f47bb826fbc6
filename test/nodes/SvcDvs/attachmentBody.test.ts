/**
 * The body of Attachment → Upload on the wire, in each binary mode: a valid multipart body (read by undici, a
 * parser nobody here wrote) with an exact Content-Length and no chunked encoding, the credential's fields and the
 * task's ID in it, the file byte for byte. A recording proxy between the engine and the simulator keeps what
 * arrived (test/recordingProxy.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

import { Response } from 'undici';

import { startRecordingProxy, type RecordingProxy } from '../../recordingProxy';

import { removeBinaryData, runNode, type BinaryMode } from '../../../devkit/harness';
import { byId, credentialsOf, jsonOf, startDvsNodeEnv, type DvsNodeEnv } from './env';

// The package as the harness loads it (dist/), to see the body the credential signed.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the built module, the one n8n runs
const { StreamingFormData } = require('../../../dist/nodes/shared/transport/multipart') as {
	StreamingFormData: { prototype: { withFields(fields: Record<string, string>): unknown } };
};

let env: DvsNodeEnv;
let proxy: RecordingProxy;

beforeAll(async () => {
	env = await startDvsNodeEnv();
	proxy = await startRecordingProxy(() => env.sim.baseUrl);
});

afterAll(async () => {
	await proxy.close();
	await env.close();
	removeBinaryData();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each<BinaryMode>(['default', 'filesystem'])('Attachment → Upload in %s binary mode', (binaryMode) => {
	it.each([
		['a small file', 1_900, 'one Buffer'],
		['a file larger than one write', 300 * 1024 + 7, 'a stream'],
	])('sends %s (%i bytes) as multipart with its exact Content-Length, signed as %s', async (_label, size, signedAs) => {
		const signing = jest.spyOn(StreamingFormData.prototype, 'withFields');
		const admin = env.seed.orgA.users.admin;
		const taskId = env.seed.orgA.tasks.design;
		const credentials = credentialsOf(env, admin);
		credentials.svcDvsApi = { ...credentials.svcDvsApi, baseUrl: proxy.url };
		const content = randomBytes(size);
		const from = proxy.arrived.length;
		const result = await runNode({
			type: 'n8n-nodes-svc.svcDvs',
			parameters: { resource: 'attachment', operation: 'upload', task: byId(taskId), binaryPropertyName: 'data' },
			credentials,
			binaryMode,
			input: [{ json: {}, binary: { data: { data: content, fileName: 'r"e\nport.bin', mimeType: 'image/x-test' } } }],
		});
		expect(result.error).toBeUndefined();
		const uploads = proxy.arrived.slice(from).filter((each) => each.path.includes('upload_document_file'));
		expect(uploads).toHaveLength(1);
		const [upload] = uploads;
		const signed = signing.mock.results.map((each) => (Buffer.isBuffer(each.value) ? 'one Buffer' : 'a stream'));
		signing.mockRestore();
		expect(signed).toEqual([signedAs]);

		expect(upload.headers['transfer-encoding']).toBeUndefined();
		expect(upload.headers['content-length']).toBe(String(upload.body.length));
		expect(upload.headers['content-type']).toMatch(/^multipart\/form-data; boundary=\S+$/);
		const form = await new Response(upload.body, {
			headers: { 'content-type': String(upload.headers['content-type']) },
		}).formData();
		expect([form.get('user'), form.get('user_access_token'), form.get('dvs_document_id')]).toEqual([
			admin.login,
			admin.token,
			String(taskId),
		]);
		const file = form.get('file') as unknown as { name: string; type: string; arrayBuffer(): Promise<ArrayBuffer> };
		expect([file.name, file.type]).toEqual(['r"e\nport.bin', 'image/x-test']);
		expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(content));
		const [output] = jsonOf(result);
		expect(sha256(env.sim.storage.getFile(output.file_hash as string)!.content)).toBe(sha256(content));
	});
});
