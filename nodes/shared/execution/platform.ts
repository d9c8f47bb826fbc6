import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * What differs between the n8n lines this package supports (1.123.x on Node 22, 2.41.x on Node 24),
 * owned here so that no other file asks which n8n it runs in.
 */

type BinaryContext = IExecuteFunctions | IPollFunctions;

/** A Node readable stream as the request helpers hand it over, seen only through what this module reads. */
interface ReadableLike {
	push: (chunk: unknown, encoding?: unknown) => boolean;
	on: (event: string, listener: (value: unknown) => void) => void;
	readableLength?: number;
}

function isReadableLike(value: unknown): value is ReadableLike {
	const candidate = value as Partial<ReadableLike> | null;
	return typeof candidate?.push === 'function' && typeof candidate.on === 'function';
}

/** Bytes a response stream received so far: kept up to date while the stream is read by someone else. */
export interface ArrivalCount {
	count: number;
	failure?: unknown;
}

/**
 * Counts the bytes of a download body as they arrive, without reading it (n8n's binary store reads
 * it at its own pace). n8n 1.x's request helper returns axios' response stream, which may already
 * hold its first bytes (even the whole body) when the node gets it: those are counted from the
 * stream's buffer, later ones at its `push`. A Buffer (content that came inline) counts whole.
 * The count is for messages only; whether a download is whole is decided on what n8n stored.
 */
export function countArrivals(body: unknown): ArrivalCount {
	const arrivals: ArrivalCount = { count: 0 };
	if (Buffer.isBuffer(body)) {
		arrivals.count = body.length;
		return arrivals;
	}
	if (!isReadableLike(body)) return arrivals;
	arrivals.count = typeof body.readableLength === 'number' ? body.readableLength : 0;
	const push = body.push.bind(body);
	body.push = (chunk: unknown, encoding?: unknown) => {
		if (chunk && typeof (chunk as Buffer).length === 'number') arrivals.count += (chunk as Buffer).length;
		return push(chunk, encoding);
	};
	body.on('error', (error) => {
		arrivals.failure = error;
	});
	return arrivals;
}

/**
 * How many bytes n8n stored for a binary, in every binary mode of both lines: 2.x counts them
 * (`bytes`); 1.x keeps the size in the store's metadata (`filesystem`) or holds the data inline
 * as base64 (`default`, in memory).
 */
export async function storedByteCount(ctx: BinaryContext, binary: IBinaryData): Promise<number> {
	if (typeof binary.bytes === 'number') return binary.bytes;
	if (binary.id) return (await ctx.helpers.getBinaryMetadata(binary.id)).fileSize;
	return Buffer.byteLength(binary.data ?? '', 'base64');
}

/** n8n 2.x's `database` binary mode (queue mode's default) refuses a file over its size cap with this error. */
export function isStoreLimit(error: unknown): boolean {
	return (error as object | undefined)?.constructor?.name === 'FileTooLargeError';
}

/** What to do when n8n's binary store refused a file for its size: the setting to change, or another mode. */
export function storeLimitError(ctx: BinaryContext, size: number | undefined, itemIndex: number): NodeOperationError {
	const bytes = size === undefined ? '' : ` (${(size / 1024 / 1024).toFixed(1)} MiB)`;
	return new NodeOperationError(ctx.getNode(), `The file${bytes} is larger than n8n keeps in its database`, {
		itemIndex,
		description:
			"This n8n stores binary data in its database (queue mode's default), which caps each file " +
			'at N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE (512 MiB unless set, at most 1024). Raise that ' +
			'setting, or set N8N_DEFAULT_BINARY_DATA_MODE=filesystem (or s3) on the main process and ' +
			'the workers. Nothing was written.',
	});
}
