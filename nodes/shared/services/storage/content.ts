import { createHash } from 'crypto';

import type { UploadSource } from '../../adapters/storage/port';
import type { StorageDownload } from '../../transport/storageApi';

/*
 * Whether a stored file holds the bytes a write sent: the evidence of a lost upload's own file (the storage API
 * shows no content hash). Both sides are streamed into a digest, never held whole, and only after an unknown
 * outcome.
 */

async function digestOfChunks(chunks: AsyncIterable<Uint8Array> | Buffer): Promise<string> {
	const digest = createHash('sha256');
	if (Buffer.isBuffer(chunks)) digest.update(chunks);
	else for await (const chunk of chunks) digest.update(chunk);
	return digest.digest('base64url');
}

/**
 * A sent file's bytes, digested once however many stored files it is compared with; a read that failed (an
 * import's source that did not answer) is tried again by the next look.
 */
export function sentBytes(source: Pick<UploadSource, 'open'>): () => Promise<string> {
	let digest: Promise<string> | undefined;
	return async () =>
		await (digest ??= digestOfChunks(source.open()).catch((error: unknown) => {
			digest = undefined;
			throw error;
		}));
}

/** Whether a download (downloadFile's answer) holds exactly the bytes whose digest is `sent`. */
export async function holdsBytes(download: StorageDownload, sent: () => Promise<string>): Promise<boolean> {
	const stored = digestOfChunks(download.body);
	const stalled = download.stalled?.then((error) => {
		throw error;
	});
	stalled?.catch(() => undefined);
	const [storedDigest, sentDigest] = await Promise.all([stalled ? Promise.race([stored, stalled]) : stored, sent()]);
	return storedDigest === sentDigest;
}
