import type { IBinaryData, IExecuteFunctions, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { countArrivals, isStoreLimit, storeLimitError, storedByteCount } from './platform';
import type { UploadSource } from './adapters/storage/types';
import type { StorageDownload } from './transport/storage';

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

/**
 * Stores a downloaded body as n8n binary data (to disk in filesystem mode, without buffering), under
 * a safe file name. Whether the file is whole is decided on what n8n stored, which holds for every
 * body n8n's helpers hand over and every binary mode: a body that ends early or breaks off is an
 * error that says how many of how many bytes arrived, never a short file.
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
		return new NodeApiError(ctx.getNode(), { message: `download cut after ${arrived} bytes` }, {
			message: `The download of ${fileName ? `"${safeFileName(fileName)}"` : 'the file'} was cut off: ${arrived}${expected} bytes arrived${reason}`,
			description: 'The connection broke while the file was being received. Run the node again.',
			itemIndex,
			failure: { cause: 'temporarily-unavailable' },
		});
	};
	let binary: IBinaryData;
	try {
		// A name is always given: without one n8n would name the data after the request's URL path.
		const stored = ctx.helpers.prepareBinaryData(download.body as unknown as PrepareInput, safeFileName(fileName) ?? 'download', mimeType);
		const stalled = download.stalled?.then((error) => {
			throw error;
		});
		// Handled by the race below; a stall after the store already failed is nothing more to report.
		stalled?.catch(() => undefined);
		binary = await (stalled ? Promise.race([stored, stalled]) : stored);
	} catch (error) {
		if (isStoreLimit(error)) throw storeLimitError(ctx, download.size, itemIndex);
		throw cut(arrivals.count, error);
	}
	const storedBytes = await storedByteCount(ctx, binary);
	if (arrivals.failure !== undefined || (download.size !== undefined && storedBytes < download.size)) throw cut(storedBytes, arrivals.failure);
	return binary;
}
