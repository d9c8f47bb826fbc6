/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * A file up and down by Node's own HTTP client, straight to the simulator: no n8n, none of this package's code, the
 * floor a node in Node meets. The upload sends the multipart body curl -F sends, the file read in 64 KiB chunks or
 * sent from memory.
 */
import { createReadStream, statSync } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';

import { PRO } from './transfer';

/** The sign-in fields and the simulator a transfer goes to. */
export interface NodeHttpTarget {
	baseUrl: string;
	fields: Record<string, string>;
}

/** The PRO account on the simulator at `baseUrl`: the account the transfer benches move files with. */
export function proTarget(baseUrl: string): NodeHttpTarget {
	return { baseUrl, fields: { user: PRO.user, user_access_token: PRO.token } };
}

/**
 * Uploads a file into `folderHash`: read from `path` as it goes, or sent from memory (a Buffer, as n8n's database
 * binary mode hands a file over); answers the new file's hash.
 */
export async function nodeHttpUpload(
	target: NodeHttpTarget,
	folderHash: string,
	source: string | Buffer,
): Promise<string> {
	const boundary = 'benchboundary0123456789';
	const head = Buffer.from(
		[
			...Object.entries({ ...target.fields, folder_hash: folderHash }).map(
				([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
			),
			`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="http.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
		].join(''),
	);
	const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
	const response = await new Promise<IncomingMessage>((resolve, reject) => {
		const req = httpRequest(
			`${target.baseUrl}/api_v2/upload_file`,
			{
				method: 'POST',
				headers: {
					'content-type': `multipart/form-data; boundary=${boundary}`,
					'content-length':
						head.length + (Buffer.isBuffer(source) ? source.length : statSync(source).size) + tail.length,
				},
			},
			resolve,
		);
		req.on('error', reject);
		req.write(head);
		if (Buffer.isBuffer(source)) {
			req.write(source);
			req.end(tail);
			return;
		}
		const file = createReadStream(source);
		file.on('end', () => req.end(tail));
		file.pipe(req, { end: false });
	});
	const answer: Buffer[] = [];
	for await (const chunk of response) answer.push(chunk as Buffer);
	if (response.statusCode !== 200) throw new Error(`upload answered ${response.statusCode}`);
	return (JSON.parse(Buffer.concat(answer).toString('utf8')) as { file_hash: string }).file_hash;
}

/** Downloads `fileHash` into `sink`. */
export async function nodeHttpDownload(
	target: NodeHttpTarget,
	fileHash: string,
	sink: (body: IncomingMessage) => Promise<void>,
): Promise<void> {
	const body = new URLSearchParams({ ...target.fields, file_hash: fileHash }).toString();
	const response = await new Promise<IncomingMessage>((resolve, reject) => {
		const req = httpRequest(
			`${target.baseUrl}/api_v2/download_file`,
			{
				method: 'POST',
				headers: {
					'content-type': 'application/x-www-form-urlencoded',
					'content-length': Buffer.byteLength(body),
				},
			},
			resolve,
		);
		req.on('error', reject);
		req.end(body);
	});
	await sink(response);
}
