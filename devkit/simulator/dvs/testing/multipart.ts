import type { SimRequest } from '../../types';
import type { MultipartFile, ParsedMultipart } from '../ports';

async function readAll(req: SimRequest): Promise<Buffer> {
	if (!req.bodyStream) return req.body;
	const chunks: Buffer[] = [];
	for await (const chunk of req.bodyStream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
	return Buffer.concat(chunks);
}

function headerParam(header: string, name: string): string | undefined {
	const match =
		new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header) ??
		new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header);
	return match?.[1].replace(/\\(.)/g, '$1');
}

/**
 * A small multipart/form-data parser for the DVS tests: buffers the whole body, which is
 * fine for test-sized files (the shared server brings its own streaming parser).
 */
export async function parseMultipartForTests(req: SimRequest): Promise<ParsedMultipart> {
	const contentType = String(req.headers['content-type'] ?? '');
	const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	if (!boundary) throw new Error('multipart boundary missing');
	const body = await readAll(req);
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
	const fields: Record<string, string> = {};
	const files: MultipartFile[] = [];

	let start = body.indexOf(delimiter);
	if (start < 0) throw new Error('multipart delimiter missing');
	for (;;) {
		const afterDelimiter = start + delimiter.length;
		if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
		const next = body.indexOf(delimiter, afterDelimiter);
		if (next < 0) throw new Error('multipart body truncated');
		const part = body.subarray(afterDelimiter + 2, next - 2);
		const headerEnd = part.indexOf('\r\n\r\n');
		if (headerEnd < 0) throw new Error('multipart part without headers');
		const headers = part.subarray(0, headerEnd).toString('utf8').split('\r\n');
		const content = part.subarray(headerEnd + 4);
		const disposition = headers.find((h) => /^content-disposition:/i.test(h)) ?? '';
		const type = headers.find((h) => /^content-type:/i.test(h));
		const name = headerParam(disposition, 'name') ?? '';
		const fileName = headerParam(disposition, 'filename');
		if (fileName === undefined) fields[name] = content.toString('utf8');
		else {
			files.push({
				field: name,
				fileName,
				mimeType: type ? type.slice(type.indexOf(':') + 1).trim() : 'application/octet-stream',
				content: Buffer.from(content),
			});
		}
		start = next;
	}
	return { fields, files };
}
