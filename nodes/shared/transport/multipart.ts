import { randomBytes } from 'crypto';

/**
 * A multipart body the package encodes itself, streaming file parts instead of holding them in memory.
 *
 * The body is built as form parts (`append`), so a credential's `authenticate` can add its fields
 * (transport/bodyFields.ts copies the parts behind them), and encoded only when axios reads it: by then
 * every field is known. It presents itself as a Blob (its `type` the multipart Content-Type with its
 * boundary, its `size` the exact Content-Length), which axios, behind n8n's request helper, sends as
 * it is: those two headers from the body, then the chunks of `stream()` in order. A small file leaves
 * as one chunk (head, file and tail together), a large one as the head, the file's own chunks and the
 * tail; nothing here imports a runtime dependency.
 */
export interface StreamedFilePart {
	readonly name: string;
	readonly type: string;
	readonly size: number;
	stream(): AsyncIterable<Uint8Array>;
	/** The whole file, when it was small enough to read before the request (`readIfSmall`). */
	readonly bytes?: Buffer;
}

type FormValue = string | StreamedFilePart;

export function streamedFile(
	fileName: string,
	mimeType: string,
	size: number,
	open: () => AsyncIterable<Uint8Array>,
): StreamedFilePart {
	return { name: fileName, type: mimeType || 'application/octet-stream', size, stream: open };
}

/** Chunks up to this size are joined with their neighbours, so a small body leaves in one write. */
const ONE_WRITE_BYTES = 64 * 1024;

/**
 * A file part read whole when it is no larger than one write, so its body can leave as one Buffer
 * (`StreamingFormData.withFields`); a larger one stays a stream.
 */
export async function readIfSmall(file: StreamedFilePart): Promise<StreamedFilePart> {
	if (file.bytes !== undefined || file.size > ONE_WRITE_BYTES) return file;
	const chunks: Uint8Array[] = [];
	for await (const chunk of exactly(file)) chunks.push(chunk);
	const bytes = chunks.length === 1 ? Buffer.from(chunks[0]) : Buffer.concat(chunks);
	return {
		...file,
		bytes,
		stream: async function* () {
			yield bytes;
		},
	};
}

/** A new multipart boundary: random, so no file's content contains it by chance or by design. */
export function newBoundary(): string {
	return `----SvcFormBoundary${randomBytes(12).toString('hex')}`;
}

/** The Content-Type of a multipart body with this boundary. */
export function multipartType(boundary: string): string {
	return `multipart/form-data; boundary=${boundary}`;
}
const CRLF = '\r\n';

/** A part's name or file name inside its quotes, as browsers and axios write it. */
function quoted(name: string): string {
	return name.replace(/[\r\n"]/g, (match) => ({ '\r': '%0D', '\n': '%0A', '"': '%22' })[match] ?? match);
}

/** The file's chunks, failing when it brings more or fewer bytes than its size (the Content-Length). */
async function* exactly(file: StreamedFilePart): AsyncIterable<Uint8Array> {
	let count = 0;
	for await (const chunk of file.stream()) {
		count += chunk.byteLength;
		if (count > file.size) break;
		yield chunk;
	}
	if (count !== file.size) {
		const gave = count > file.size ? 'more than its' : `${count} of its`;
		throw new Error(`The file "${file.name}" gave ${gave} ${file.size} bytes`);
	}
}

export class StreamingFormData {
	private readonly parts: Array<[string, FormValue]> = [];

	constructor(private readonly boundary = newBoundary()) {}

	get [Symbol.toStringTag](): string {
		return 'Blob';
	}

	append(name: string, value: FormValue): void {
		this.parts.push([name, value]);
	}

	has(name: string): boolean {
		return this.parts.some(([partName]) => partName === name);
	}

	entries(): IterableIterator<[string, FormValue]> {
		return this.parts[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, FormValue]> {
		return this.entries();
	}

	/** The Content-Type the body is sent with. */
	get type(): string {
		return multipartType(this.boundary);
	}

	/**
	 * The body with a credential's fields in front of its parts, under the same boundary (the request's
	 * Content-Type stays true): one Buffer when every file in it was read whole, else a body that streams.
	 */
	withFields(fields: Record<string, string>): StreamingFormData | Buffer {
		const signed = new StreamingFormData(this.boundary);
		for (const [name, value] of Object.entries(fields)) signed.append(name, value);
		for (const [name, value] of this.parts) signed.append(name, value);
		const segments = signed.segments();
		const whole = segments.every((segment) => Buffer.isBuffer(segment) || segment.bytes !== undefined);
		if (!whole) return signed;
		return Buffer.concat(segments.map((segment) => (Buffer.isBuffer(segment) ? segment : segment.bytes!)));
	}

	/** The body's exact length in bytes: the Content-Length. */
	get size(): number {
		return this.segments().reduce(
			(sum, segment) => sum + (Buffer.isBuffer(segment) ? segment.length : segment.size),
			0,
		);
	}

	/** The encoded body: its text between the files as Buffers (neighbours joined), each file as its part. */
	private segments(): Array<Buffer | StreamedFilePart> {
		const segments: Array<Buffer | StreamedFilePart> = [];
		let text = '';
		for (const [name, value] of this.parts) {
			text += `--${this.boundary}${CRLF}Content-Disposition: form-data; name="${quoted(name)}"`;
			if (typeof value === 'string') {
				text += `${CRLF}${CRLF}${value.replace(/\r?\n|\r\n?/g, CRLF)}${CRLF}`;
				continue;
			}
			const type = value.type.replace(/[\r\n]/g, '') || 'application/octet-stream';
			text += `; filename="${quoted(value.name)}"${CRLF}Content-Type: ${type}${CRLF}${CRLF}`;
			segments.push(Buffer.from(text, 'utf8'), value);
			text = CRLF;
		}
		segments.push(Buffer.from(`${text}--${this.boundary}--${CRLF}`, 'utf8'));
		return segments;
	}

	/** The body's bytes in as few chunks as the socket needs; a file's own chunks stream through. */
	async *stream(): AsyncIterable<Uint8Array> {
		let pending: Uint8Array | undefined;
		for (const segment of this.segments()) {
			for await (const chunk of Buffer.isBuffer(segment) ? [segment] : exactly(segment)) {
				if (pending && pending.byteLength + chunk.byteLength <= ONE_WRITE_BYTES) {
					pending = Buffer.concat([pending, chunk]);
					continue;
				}
				if (pending) yield pending;
				pending = chunk;
			}
		}
		if (pending) yield pending;
	}
}
