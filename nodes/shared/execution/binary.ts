import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { countArrivals, isStoreLimit, storeLimitError, storedByteCount } from './platform';
import type { UploadSource } from '../adapters/storage/port';
import type { StorageDownload } from '../transport/storageApi';

/** The multiples of n8n's recorded file sizes ("40 MB": pretty-bytes, powers of 1000). */
const SIZE_UNITS: Record<string, number> = { B: 1, kB: 1e3, MB: 1e6, GB: 1e9, TB: 1e12 };

/**
 * The size n8n recorded for a binary, in bytes: its `bytes` (n8n 2.x), else its `fileSize` text (n8n 1.123 records
 * only "40 MB", to three digits); 0 where it recorded neither.
 */
export function recordedBytes(binary: IBinaryData | undefined): number {
	if (typeof binary?.bytes === 'number' && Number.isFinite(binary.bytes) && binary.bytes > 0) return binary.bytes;
	const match = /^\s*(\d+(?:\.\d+)?)\s*(B|kB|MB|GB|TB)\s*$/.exec(binary?.fileSize ?? '');
	return match ? Math.round(Number(match[1]) * SIZE_UNITS[match[2]]) : 0;
}

/** A file over this is read for an upload this much at a time: 1 GiB took 6.25 s in n8n's 64 KiB, 4.71 s so. */
const UPLOAD_CHUNK_BYTES = 1024 * 1024;

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
				'Set "Input Binary Field" to the name of the binary property that holds the file (often "data"), ' +
				'or add a node before this one that reads the file.',
		});
	}
	const fileName =
		fileNameOverride || binary.fileName || `file${binary.fileExtension ? `.${binary.fileExtension}` : ''}`;
	const mimeType = binary.mimeType || 'application/octet-stream';
	if (binary.id) {
		const binaryId = binary.id;
		const metadata = await ctx.helpers.getBinaryMetadata(binaryId);
		const chunkSize = metadata.fileSize > UPLOAD_CHUNK_BYTES ? UPLOAD_CHUNK_BYTES : undefined;
		return {
			fileName,
			mimeType,
			size: metadata.fileSize,
			open: async function* () {
				yield* await ctx.helpers.getBinaryStream(binaryId, chunkSize);
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
	const last =
		name
			.split(/[/\\]/)
			.pop()
			// eslint-disable-next-line no-control-regex -- control characters have no place in a file name
			?.replace(/[\u0000-\u001f\u007f]/g, '')
			.trim() ?? '';
	return last === '' || last === '.' || last === '..' ? undefined : last;
}

/**
 * Stores a downloaded body as n8n binary data (to disk in filesystem mode, without buffering), under
 * a safe file name. Whether the file is whole is decided on what n8n stored, which holds for every
 * body n8n's helpers hand over and every binary mode: a body that ends early or breaks off is an
 * error that says how many of how many bytes arrived, never a short file. A failure of n8n's own
 * store (disk full, no permission, a size cap) is reported as that, with what to change.
 */
export async function binaryFromStream(
	ctx: BinaryContext,
	download: Pick<StorageDownload, 'body' | 'size' | 'stalled'>,
	fileName: string | undefined,
	mimeType: string | undefined,
	itemIndex: number,
): Promise<IBinaryData> {
	const arrivals = countArrivals(download.body);
	const cut = (arrived: number, cause?: unknown) => {
		const expected = download.size === undefined ? '' : ` of ${download.size}`;
		const reason = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
		const message =
			`The download of ${fileName ? `"${safeFileName(fileName)}"` : 'the file'} was cut off: ${arrived}${expected} ` +
			`bytes arrived${reason}`;
		const error = new NodeApiError(
			ctx.getNode(),
			{ message: `download cut after ${arrived} bytes` },
			{
				message,
				description: 'The connection broke while the file was being received. Run the node again.',
				itemIndex,
				failure: { cause: 'temporarily-unavailable' },
			},
		);
		// n8n swaps a message that mentions a common error code (ECONNRESET…) for a generic one without the counts.
		error.message = message;
		return error;
	};
	let stall: Error | undefined;
	let binary: IBinaryData;
	try {
		// A name is always given: without one n8n would name the data after the request's URL path.
		const stored = ctx.helpers.prepareBinaryData(
			download.body as unknown as PrepareInput,
			safeFileName(fileName) ?? 'download',
			mimeType,
		);
		const stalled = download.stalled?.then((error) => {
			stall = error;
			throw error;
		});
		// Handled by the race below; a stall after the store already failed is nothing more to report.
		stalled?.catch(() => undefined);
		binary = await (stalled ? Promise.race([stored, stalled]) : stored);
	} catch (error) {
		if (error === stall || error === arrivals.failure) throw cut(arrivals.count, error);
		// The store gave up before the body's end: the connection is released, not left to a reader that is gone.
		(download.body as { destroy?: () => void } | undefined)?.destroy?.();
		if (isStoreLimit(error)) throw storeLimitError(ctx, download.size, itemIndex);
		if (isStoreFailure(error) || arrivals.failure === undefined)
			throw storeFailureError(ctx, error, fileName, itemIndex);
		throw cut(arrivals.count, error);
	}
	const storedBytes = await storedByteCount(ctx, binary);
	if (arrivals.failure !== undefined || (download.size !== undefined && storedBytes < download.size))
		throw cut(storedBytes, arrivals.failure);
	return binary;
}

interface StoreProblem {
	problem: string;
	remedy: string;
}

const NO_PERMISSION: StoreProblem = {
	problem: 'n8n may not write there',
	remedy:
		'Give the user n8n runs as write permission on that folder (or point N8N_BINARY_DATA_STORAGE_PATH ' +
		'at a folder it may write)',
};
const TOO_MANY_OPEN: StoreProblem = {
	problem: 'n8n has too many files open',
	remedy: "Raise n8n's open-file limit (ulimit -n) or run fewer downloads at once",
};
const FILE_IN_THE_WAY: StoreProblem = {
	problem: 'a file stands where n8n keeps a folder',
	remedy: 'Move that file away',
};

/** The file-system errors n8n's binary store passes on as they are (filesystem mode of both lines), by code. */
const STORE_PROBLEMS: Record<string, StoreProblem> = {
	ENOSPC: {
		problem: 'the disk is full',
		remedy: 'Free disk space there (or point N8N_BINARY_DATA_STORAGE_PATH at a larger disk)',
	},
	EDQUOT: { problem: 'the disk quota is used up', remedy: 'Free space in the quota there, or raise it' },
	EFBIG: {
		problem: 'the file system refuses a file this large',
		remedy:
			'Raise the file size limit of the user n8n runs as (ulimit -f), or point N8N_BINARY_DATA_STORAGE_PATH ' +
			'at a file system that holds files this large',
	},
	EACCES: NO_PERMISSION,
	EPERM: NO_PERMISSION,
	EROFS: {
		problem: 'the file system is read-only',
		remedy: 'Make it writable, or point N8N_BINARY_DATA_STORAGE_PATH at a writable folder',
	},
	EMFILE: TOO_MANY_OPEN,
	ENFILE: TOO_MANY_OPEN,
	ENOTDIR: FILE_IN_THE_WAY,
	EEXIST: FILE_IN_THE_WAY,
	EIO: { problem: 'the disk reported an input/output error', remedy: 'Check that disk' },
};

function codeOf(error: unknown): string | undefined {
	const code = (error as { code?: unknown } | null | undefined)?.code;
	return typeof code === 'string' ? code : undefined;
}

/**
 * Bytes a node already holds (an MCP tool's file, a resource blob) into n8n's binary store; a store failure
 * said as that.
 */
export async function binaryFromBuffer(
	ctx: BinaryContext,
	data: Buffer,
	fileName: string | undefined,
	mimeType: string | undefined,
	itemIndex: number,
): Promise<IBinaryData> {
	try {
		return await ctx.helpers.prepareBinaryData(data, safeFileName(fileName), mimeType);
	} catch (error) {
		throw storeFailureError(ctx, error, fileName, itemIndex);
	}
}

/** A failure of n8n's binary store on the file system, not of the download it was reading. */
function isStoreFailure(error: unknown): boolean {
	const code = codeOf(error);
	return code !== undefined && code in STORE_PROBLEMS;
}

/** The folder n8n keeps binary data in, from a path inside it (the store's files live under `workflows/`). */
function storeFolderOf(error: unknown): string | undefined {
	const path = (error as { path?: unknown } | null | undefined)?.path;
	if (typeof path !== 'string') return undefined;
	return /^(.*?)\/workflows(\/|$)/.exec(path)?.[1] ?? path;
}

/**
 * n8n's binary store could not keep a downloaded file: said as that, with what to change. Nothing
 * is wrong with the download or the service; the file there is untouched.
 */
function storeFailureError(
	ctx: BinaryContext,
	error: unknown,
	fileName: string | undefined,
	itemIndex: number,
): NodeOperationError {
	const code = codeOf(error);
	const known = code === undefined ? undefined : STORE_PROBLEMS[code];
	const file = fileName ? `"${safeFileName(fileName)}"` : 'the downloaded file';
	const folder = storeFolderOf(error);
	const detail = error instanceof Error && error.message ? `: ${error.message.slice(0, 200)}` : '';
	const message = known
		? `n8n could not store ${file}: ${known.problem} (${code})`
		: `n8n could not store ${file}: its binary data store refused it${detail}`;
	const failure = new NodeOperationError(ctx.getNode(), message, {
		itemIndex,
		description: known
			? `The download was fine; n8n's binary data store failed${folder ? ` in ${folder}` : ''}. ${known.remedy}, ` +
				`then run the node again.`
			: "The download was fine; n8n's binary data store (N8N_DEFAULT_BINARY_DATA_MODE: filesystem, " +
				"database or s3) failed. Check that store and n8n's log, then run the node again.",
	});
	// n8n swaps a message that mentions a common error code (EACCES, EPERM…) for a generic one; this one says more.
	failure.message = message;
	return failure;
}
