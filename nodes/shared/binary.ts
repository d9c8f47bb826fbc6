import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { UploadSource } from './backends/storage/StorageBackend';

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

type PrepareInput = Parameters<IExecuteFunctions['helpers']['prepareBinaryData']>[0];

/** Stores a downloaded stream as n8n binary data (to disk in filesystem mode, without buffering). */
export async function binaryFromStream(
	ctx: IExecuteFunctions,
	stream: AsyncIterable<Buffer>,
	fileName: string | undefined,
	mimeType: string | undefined,
): Promise<IBinaryData> {
	return await ctx.helpers.prepareBinaryData(stream as unknown as PrepareInput, fileName, mimeType);
}
