import { NodeApiError } from 'n8n-workflow';

import type { UncertainWrite } from '../exactlyOnce/reconcile';
import { entryHash } from '../../adapters/storage/entryFields';
import type { PreparedWrite, StorageAdapter, UploadOptions, WriteResult } from '../../adapters/storage/types';
import type { DestinationSnapshot } from './entries';
import { entriesNamedLike, snapshotOf, writtenEntry } from './entries';

/*
 * A storage write as writeExactlyOnce runs it: the destination listed before (the snapshot) and,
 * after an unknown outcome, listed again to tell our entry from every other (entries.ts).
 */

/** The one read a read-back needs. */
type Lister = Pick<StorageAdapter, 'listFolder'>;

/** The folder's entries before a write. */
export async function folderSnapshot(
	adapter: Lister,
	folderHash: string,
	itemIndex: number,
): Promise<DestinationSnapshot> {
	return snapshotOf(await adapter.listFolder(folderHash, {}, itemIndex));
}

/**
 * The folder's items before an upload. An upload through a folder upload key may target a
 * folder the credential cannot list (another account's): then there is no snapshot, and an
 * unknown outcome cannot be settled (never resent).
 */
export async function uploadSnapshot(
	adapter: Lister,
	folderHash: string,
	options: UploadOptions,
	itemIndex: number,
): Promise<DestinationSnapshot | undefined> {
	let failure: unknown;
	try {
		return await folderSnapshot(adapter, folderHash, itemIndex);
	} catch (error) {
		failure = error;
	}
	const cannotList = failure instanceof NodeApiError && ['401', '403', '405'].includes(String(failure.httpCode));
	if (options.folderUploadKey && cannotList) return undefined;
	throw failure;
}

/**
 * A write without idempotency key, for writeExactlyOnce: after an unknown outcome the
 * destination is read back and our item (entries.ts) is the result.
 */
export function entryWrite(
	adapter: Lister,
	prepared: PreparedWrite,
	written: { kind: 'folder' | 'file'; subject: string; size?: number },
	itemIndex: number,
	snapshot: () => Promise<DestinationSnapshot | undefined>,
	resultOf: (hash: string) => Promise<WriteResult>,
): UncertainWrite<DestinationSnapshot | undefined, WriteResult> {
	return {
		subject: written.subject,
		snapshot,
		identity: { write: written.kind, folder: prepared.folderHash, name: prepared.name, size: written.size ?? null },
		recorded: {
			save: (before) => (before === undefined ? null : entriesNamedLike(before, prepared.name)),
			restore: (saved) => (Array.isArray(saved) ? new Map(saved as Array<[string, string]>) : undefined),
			nothing: new Map(),
		},
		write: prepared.send,
		findWritten: async (before) => {
			if (before === undefined) {
				throw new Error(
					'the credential may not list the folder (the upload went through its upload key), so the ' +
						'upload cannot be checked',
				);
			}
			const entries = await adapter.listFolder(prepared.folderHash, {}, itemIndex);
			const found = writtenEntry(entries, { kind: written.kind, name: prepared.name, size: written.size }, before);
			return found === undefined ? undefined : await resultOf(entryHash(found) as string);
		},
	};
}
