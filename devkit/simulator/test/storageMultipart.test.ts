/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { Readable } from 'node:stream';

import { multipartBoundary, MultipartParser, parseMultipart } from '../multipart';

const body = (boundary: string, closing = true) =>
	Buffer.from(
		`preamble\r\n--${boundary}\r\nContent-Disposition: form-data; name="folder_hash"\r\n\r\nabc123\r\n` +
			`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r\u00e9sum\u00e9.txt"\r\nContent-Type: text/plain\r\n\r\n` +
			`line one\r\n--not-the-boundary\r\nline two\r\n` +
			(closing ? `--${boundary}--\r\nepilogue` : ''),
	);

describe('multipart parser', () => {
	it('reads the boundary from the content type', () => {
		expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
		expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
		expect(multipartBoundary('application/json')).toBeUndefined();
	});

	it('parses fields and files whatever the chunking, even one byte at a time', () => {
		for (const chunkSize of [1, 3, 7, 64, 10_000]) {
			const parser = new MultipartParser('BOUND', { maxFileBytes: 1000 });
			const bytes = body('BOUND');
			for (let offset = 0; offset < bytes.length; offset += chunkSize)
				parser.write(bytes.subarray(offset, offset + chunkSize));
			const result = parser.end();
			expect(result.complete).toBe(true);
			expect(result.fields).toEqual([['folder_hash', 'abc123']]);
			expect(result.files).toHaveLength(1);
			expect(result.files[0]).toMatchObject({
				fieldName: 'file',
				fileName: 'résumé.txt',
				contentType: 'text/plain',
				truncated: false,
			});
			expect(result.files[0].content.toString()).toBe('line one\r\n--not-the-boundary\r\nline two');
		}
	});

	it('keeps at most maxFileBytes + 1 bytes of a file but counts all of them', () => {
		const parser = new MultipartParser('B', { maxFileBytes: 4 });
		parser.write(
			Buffer.from('--B\r\nContent-Disposition: form-data; name="file"; filename="x"\r\n\r\n0123456789\r\n--B--'),
		);
		const result = parser.end();
		expect(result.files[0]).toMatchObject({ size: 10, truncated: true });
		expect(result.files[0].content.toString()).toBe('01234');
	});

	it('reports a body without the closing boundary as incomplete', async () => {
		const result = await parseMultipart(Readable.from([body('B', false)]), 'B', { maxFileBytes: 1000 });
		expect(result.complete).toBe(false);
	});

	it('reports a broken stream as incomplete', async () => {
		const stream = new Readable({
			read() {
				this.push(body('B').subarray(0, 40));
				this.destroy(new Error('aborted'));
			},
		});
		expect((await parseMultipart(stream, 'B', { maxFileBytes: 1000 })).complete).toBe(false);
	});

	it('flags malformed part headers', () => {
		const parser = new MultipartParser('B', { maxFileBytes: 10 });
		parser.write(Buffer.from('--B\r\nX-Nothing: here\r\n\r\nvalue\r\n--B--'));
		expect(parser.end()).toMatchObject({ wellFormed: false, complete: false });
	});
});
