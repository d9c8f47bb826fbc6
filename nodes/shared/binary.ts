import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { UploadSource } from './services/storage/types';

/**
 * An input item's binary property as an upload source. In n8n's filesystem (or S3) binary mode
 * the bytes are streamed from storage for each attempt and never held in memory whole.
 */
export async function binaryUploadSource(
	ctx: IExecuteFunctions,
	itemIndex: number,
	propertyName: string,
	fileNameOverride?: string,
): Promise<UploadSource> {
	let binary: IBinaryData;
	try {
		binary = ctx.helpers.assertBinaryData(itemIndex, propertyName);
	} catch {
		throw new NodeOperationError(ctx.getNode(), `The input item has no binary property "${propertyName}"`, {
			itemIndex,
			description:
				'Set "Input Binary Field" to the name of the binary property that holds the file (often "data"), or add a node before this one that reads the file.',
		});
	}
	const fileName = fileNameOverride || binary.fileName || `file${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const mimeType = binary.mimeType || 'application/octet-stream';
	if (binary.id) {
		const binaryId = binary.id;
		const metadata = await ctx.helpers.getBinaryMetadata(binaryId);
		return {
			fileName,
			mimeType,
			size: metadata.fileSize,
			open: async function* () {
				yield* await ctx.helpers.getBinaryStream(binaryId);
			},
		};
	}
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, propertyName);
	return {
		fileName,
		mimeType,
		size: buffer.length,
		open: async function* () {
			yield buffer;
		},
	};
}

type BinaryContext = IExecuteFunctions | IPollFunctions;
type PrepareInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/**
 * A file name from the service, safe to use as a binary file name: its last path segment only,
 * without control characters; `.`, `..` or nothing becomes undefined (n8n then names the data).
 */
export function safeFileName(name: string | undefined): string | undefined {
	if (name === undefined) return undefined;
	// eslint-disable-next-line no-control-regex -- control characters have no place in a file name
	const last = name.split(/[/\\]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
	return last === '' || last === '.' || last === '..' ? undefined : last;
}

interface ByteCounter {
	count: number;
	failure?: unknown;
}

/**
 * Counts the bytes a Node stream receives without reading it: its source's `push` calls are
 * counted, so the consumer (n8n's binary store) still reads it at its own pace. Errors are noted.
 */
function countBytes(stream: unknown): ByteCounter {
	const counter: ByteCounter = { count: 0 };
	if (Buffer.isBuffer(stream)) {
		counter.count = stream.length;
		return counter;
	}
	const readable = stream as {
		push?: (chunk: unknown, encoding?: unknown) => boolean;
		on?: (event: string, listener: (value: unknown) => void) => void;
	};
	if (typeof readable.push === 'function' && typeof readable.on === 'function') {
		const push = readable.push.bind(readable);
		readable.push = (chunk: unknown, encoding?: unknown) => {
			if (chunk && typeof (chunk as Buffer).length === 'number') counter.count += (chunk as Buffer).length;
			return push(chunk, encoding);
		};
		readable.on('error', (error) => {
			counter.failure = error;
		});
	}
	return counter;
}

/**
 * Stores a downloaded stream as n8n binary data (to disk in filesystem mode, without buffering),
 * under a safe file name. A body that ends early or breaks off is an error that says how many of
 * how many bytes arrived, never a short file.
 */
export async function binaryFromStream(
	ctx: BinaryContext,
	download: { stream: AsyncIterable<Buffer>; size?: number; stalled?: Promise<Error> },
	fileName: string | undefined,
	mimeType: string | undefined,
	itemIndex: number,
): Promise<IBinaryData> {
	const counter = countBytes(download.stream);
	const cut = (cause: unknown) => {
		const expected = download.size === undefined ? '' : ` of ${download.size}`;
		const reason = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
		return new NodeApiError(ctx.getNode(), { message: `download cut after ${counter.count} bytes` }, {
			message: `The download of ${fileName ? `"${safeFileName(fileName)}"` : 'the file'} was cut off: ${counter.count}${expected} bytes arrived${reason}`,
			description: 'The connection broke while the file was being received. Run the node again.',
			itemIndex,
			failure: { cause: 'temporarily-unavailable' },
		});
	};
	let binary: IBinaryData;
	try {
		// A name is always given: without one n8n would name the data after the request's URL path.
		const stored = ctx.helpers.prepareBinaryData(download.stream as unknown as PrepareInput, safeFileName(fileName) ?? 'download', mimeType);
		const stalled = download.stalled?.then((error) => {
			throw error;
		});
		// Handled by the race below; a stall after the store already failed is nothing more to report.
		stalled?.catch(() => undefined);
		binary = await (stalled ? Promise.race([stored, stalled]) : stored);
	} catch (error) {
		throw cut(error);
	}
	if (counter.failure !== undefined || (download.size !== undefined && counter.count < download.size)) throw cut(counter.failure);
	return binary;
}

/**
 * Standard padded base64 (document 2, rule 3) as bytes; undefined for anything else, never a
 * silent partial decode. Checked in one pass without a regular expression over the whole text
 * (which overflows the stack on a 50 MB blob): Node's decoder skips what is not base64, so the
 * text is valid exactly when nothing was skipped and no URL-safe letter was used.
 */
export function decodeBase64(text: string): Buffer | undefined {
	if (text.length % 4 !== 0 || text.includes('-') || text.includes('_')) return undefined;
	const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
	const bytes = Buffer.from(text, 'base64');
	return bytes.length === (text.length / 4) * 3 - padding ? bytes : undefined;
}
