/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import type { Readable } from 'node:stream';

/** One file part of a multipart body. */
export interface MultipartFile {
	fieldName: string;
	fileName: string;
	contentType: string;
	/** Bytes received for this part, including those not kept because of `maxFileBytes`. */
	size: number;
	/** The part's bytes, or only the first `maxFileBytes + 1` of them when `truncated`. */
	content: Buffer;
	truncated: boolean;
}

export interface MultipartResult {
	/** Text fields in the order received (a name may repeat). */
	fields: Array<[string, string]>;
	files: MultipartFile[];
	/** False when the stream ended or failed before the closing boundary. */
	complete: boolean;
	/** False when the body is not valid multipart (bad part headers, junk after a boundary). */
	wellFormed: boolean;
	bytesRead: number;
}

export interface MultipartOptions {
	/** File parts keep at most this many bytes plus one, so the caller can tell "too large". */
	maxFileBytes: number;
	/** Text fields are cut at this many bytes (default 1 MiB). */
	maxFieldBytes?: number;
}

const MAX_PART_HEADER_BYTES = 16 * 1024;

export function multipartBoundary(contentType: string | undefined): string | undefined {
	if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
	const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	return match ? (match[1] ?? match[2]) : undefined;
}

interface PartHeaders {
	name: string;
	fileName?: string;
	contentType: string;
}

function dispositionParameter(disposition: string, parameter: string): string | undefined {
	const extended = new RegExp(`;\\s*${parameter}\\*=([^;]+)`, 'i').exec(disposition);
	if (extended) {
		const value = extended[1].trim().replace(/^utf-8''/i, '');
		try {
			return decodeURIComponent(value);
		} catch {
			return value;
		}
	}
	const quoted = new RegExp(`;\\s*${parameter}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(disposition);
	if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
	const bare = new RegExp(`;\\s*${parameter}=([^;\\s]+)`, 'i').exec(disposition);
	return bare?.[1];
}

function parsePartHeaders(block: string): PartHeaders | undefined {
	let disposition: string | undefined;
	let contentType = 'application/octet-stream';
	for (const line of block.split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon <= 0) continue;
		const name = line.slice(0, colon).trim().toLowerCase();
		const value = line.slice(colon + 1).trim();
		if (name === 'content-disposition') disposition = value;
		else if (name === 'content-type') contentType = value;
	}
	if (!disposition || !/^form-data\b/i.test(disposition)) return undefined;
	const name = dispositionParameter(disposition, 'name');
	if (name === undefined) return undefined;
	return { name, fileName: dispositionParameter(disposition, 'filename'), contentType };
}

type ParserState = 'preamble' | 'afterBoundary' | 'headers' | 'body' | 'done' | 'malformed';

/**
 * Incremental multipart/form-data parser: memory stays bounded by the kept file bytes,
 * whatever the size of the body.
 */
export class MultipartParser {
	private state: ParserState = 'preamble';

	// The leading CRLF makes the first boundary look like every other delimiter.
	private pending: Buffer = Buffer.from('\r\n');

	private readonly delimiter: Buffer;

	private part: PartHeaders | undefined;

	private partChunks: Buffer[] = [];

	private partKept = 0;

	private partSize = 0;

	readonly result: MultipartResult = { fields: [], files: [], complete: false, wellFormed: true, bytesRead: 0 };

	constructor(
		boundary: string,
		private readonly options: MultipartOptions,
	) {
		this.delimiter = Buffer.from(`\r\n--${boundary}`);
	}

	write(chunk: Buffer): void {
		this.result.bytesRead += chunk.length;
		if (this.state === 'done' || this.state === 'malformed') return;
		if (this.state === 'body' && this.bodyWithoutDelimiter(chunk)) return;
		this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
		let progressed = true;
		while (progressed) progressed = this.step();
	}

	end(): MultipartResult {
		this.result.complete = this.state === 'done';
		return this.result;
	}

	private step(): boolean {
		switch (this.state) {
			case 'preamble': {
				const index = this.pending.indexOf(this.delimiter);
				if (index < 0) {
					this.keepTail();
					return false;
				}
				this.pending = this.pending.subarray(index + this.delimiter.length);
				this.state = 'afterBoundary';
				return true;
			}
			case 'afterBoundary': {
				if (this.pending.length < 2) return false;
				if (this.pending.subarray(0, 2).toString() === '--') {
					this.state = 'done';
					this.pending = Buffer.alloc(0);
					return false;
				}
				const lineEnd = this.pending.indexOf('\r\n');
				if (lineEnd < 0) {
					if (this.pending.length > 256) this.markMalformed();
					return false;
				}
				// RFC 2046 allows linear whitespace after a boundary.
				if (this.pending.subarray(0, lineEnd).toString().trim() !== '') {
					this.markMalformed();
					return false;
				}
				this.pending = this.pending.subarray(lineEnd + 2);
				this.state = 'headers';
				return true;
			}
			case 'headers': {
				const index = this.pending.indexOf('\r\n\r\n');
				if (index < 0) {
					if (this.pending.length > MAX_PART_HEADER_BYTES) this.markMalformed();
					return false;
				}
				const headers = parsePartHeaders(this.pending.subarray(0, index).toString('utf8'));
				if (!headers) {
					this.markMalformed();
					return false;
				}
				this.part = headers;
				this.partChunks = [];
				this.partKept = 0;
				this.partSize = 0;
				this.pending = this.pending.subarray(index + 4);
				this.state = 'body';
				return true;
			}
			case 'body': {
				const index = this.pending.indexOf(this.delimiter);
				if (index < 0) {
					const safeLength = this.pending.length - (this.delimiter.length - 1);
					if (safeLength > 0) {
						this.appendToPart(this.pending.subarray(0, safeLength));
						this.pending = this.pending.subarray(safeLength);
					}
					return false;
				}
				this.appendToPart(this.pending.subarray(0, index));
				this.finishPart();
				this.pending = this.pending.subarray(index + this.delimiter.length);
				this.state = 'afterBoundary';
				return true;
			}
			default:
				return false;
		}
	}

	/**
	 * The streaming path for a part's body: when no delimiter starts in the held-back tail or in the
	 * chunk, the chunk is taken as it is (no copy into a growing buffer), keeping back only the last
	 * bytes that could begin a delimiter. Returns false (nothing done) when a delimiter is near.
	 */
	private bodyWithoutDelimiter(chunk: Buffer): boolean {
		const keep = this.delimiter.length - 1;
		// A delimiter starting in the held-back tail ends within the chunk's first delimiter-length bytes.
		if (this.pending.length > keep || chunk.length < this.delimiter.length) return false;
		const head = Buffer.concat([this.pending, chunk.subarray(0, this.delimiter.length)]);
		const straddling = head.indexOf(this.delimiter);
		if (straddling >= 0 && straddling < this.pending.length) return false;
		if (chunk.indexOf(this.delimiter) >= 0) return false;
		this.appendToPart(this.pending);
		const safeLength = chunk.length - keep;
		this.appendToPart(chunk.subarray(0, safeLength));
		this.pending = chunk.subarray(safeLength);
		return true;
	}

	private markMalformed(): void {
		this.state = 'malformed';
		this.result.wellFormed = false;
		this.pending = Buffer.alloc(0);
	}

	private keepTail(): void {
		const keep = this.delimiter.length - 1;
		if (this.pending.length > keep) this.pending = this.pending.subarray(this.pending.length - keep);
	}

	private partLimit(): number {
		return this.part?.fileName !== undefined
			? this.options.maxFileBytes + 1
			: (this.options.maxFieldBytes ?? 1024 * 1024);
	}

	private appendToPart(bytes: Buffer): void {
		if (bytes.length === 0) return;
		this.partSize += bytes.length;
		const room = this.partLimit() - this.partKept;
		if (room <= 0) return;
		// Large pieces are kept as views of their chunk (whose bytes they are nearly all of); small ones are
		// copied so that a few bytes do not pin a whole chunk.
		const piece = bytes.subarray(0, room);
		const kept = piece.length >= 16 * 1024 ? piece : Buffer.from(piece);
		this.partChunks.push(kept);
		this.partKept += kept.length;
	}

	private finishPart(): void {
		const part = this.part;
		if (!part) return;
		const content = Buffer.concat(this.partChunks);
		if (part.fileName !== undefined) {
			this.result.files.push({
				fieldName: part.name,
				fileName: part.fileName,
				contentType: part.contentType,
				size: this.partSize,
				content,
				truncated: this.partSize > this.options.maxFileBytes,
			});
		} else {
			this.result.fields.push([part.name, content.toString('utf8')]);
		}
		this.part = undefined;
		this.partChunks = [];
	}
}

/** Reads a multipart body to its end (or failure); never throws for a broken stream. */
export async function parseMultipart(
	stream: Readable,
	boundary: string,
	options: MultipartOptions,
): Promise<MultipartResult> {
	const parser = new MultipartParser(boundary, options);
	try {
		for await (const chunk of stream) parser.write(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
	} catch {
		// An aborted or reset upload is reported as incomplete.
		return { ...parser.result, complete: false };
	}
	return parser.end();
}
