import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { entryHash, entryKind, entryName } from '../shared/adapters/storage/entryFields';
import type { StorageService } from '../shared/services/storage/StorageService';
import type { PollBudget } from '../shared/polling/budget';
import { asNodeError, isGoneError, watchedTargetError } from '../shared/polling/errors';
import { SeenRecord } from '../shared/polling/record';

/** Listing more folders than this in one poll is refused: the user is asked to lower the depth. */
export const MAX_WATCHED_FOLDERS = 200;

/** A file or folder in the watched tree. */
export interface WatchedEntry {
	kind: 'file' | 'folder';
	/** Its hash. */
	id: string;
	/** Its key in the trigger's record (see SeenRecord). */
	key: string;
	name: string;
	/** Upload (or creation) second: the order new entries are emitted in. */
	at: number;
	/** Last-modified second: what File Updated compares. */
	modified: number;
	entry: IDataObject;
	/** The folder it is in, and that folder's path below the watched folder ('' for the watched folder itself). */
	folderHash: string;
	folderPath: string;
}

/** A second stamp of a folder entry, tolerating a numeric string; 0 when the server sends none (null, missing). */
function secondOf(entry: IDataObject, keys: string[]): number {
	for (const key of keys) {
		const value = Number(entry[key]);
		if (entry[key] !== undefined && entry[key] !== null && entry[key] !== '' && Number.isFinite(value)) return value;
	}
	return 0;
}

/**
 * Every file and folder in the watched folder and its subfolders down to `depth`, one listing
 * per folder. The walk is complete or it throws: a record may only forget what a complete listing
 * no longer shows. A subfolder deleted between two listings is skipped (its entries went with
 * it); the watched folder itself failing is the user's to fix.
 */
export async function listWatchedTree(
	ctx: IPollFunctions,
	storage: StorageService,
	folderHash: string,
	depth: number,
	budget: PollBudget,
): Promise<WatchedEntry[]> {
	const found: WatchedEntry[] = [];
	let level = [{ hash: folderHash, path: '' }];
	let listed = 0;
	for (let currentDepth = 0; level.length > 0; currentDepth++) {
		const next: typeof level = [];
		for (const folder of level) {
			if (++listed > MAX_WATCHED_FOLDERS) {
				throw new NodeOperationError(ctx.getNode(), `More than ${MAX_WATCHED_FOLDERS} folders to watch`, {
					description:
						`The watched folder has more than ${MAX_WATCHED_FOLDERS} subfolders within the chosen depth. ` +
						`Lower "Subfolder Depth" or watch a narrower folder.`,
				});
			}
			budget.spend();
			let entries: IDataObject[];
			try {
				entries = await storage.listFolder(folder.hash, {}, 0);
			} catch (error) {
				if (!isGoneError(error)) throw asNodeError(ctx.getNode(), error);
				if (folder.hash !== folderHash) continue;
				throw watchedTargetError(
					ctx.getNode(),
					error,
					`The watched folder can no longer be listed (${error.httpCode})`,
					'It may have been deleted, or the account may have lost access to it. Choose the folder again, ' +
						'or check the credential.',
				);
			}
			for (const entry of entries) {
				const id = entryHash(entry);
				const kind = entryKind(entry);
				if (!id || (kind !== 'file' && kind !== 'folder')) continue;
				const name = entryName(entry) ?? id;
				found.push({
					kind,
					id,
					key: SeenRecord.keyOf(kind, id),
					name,
					at: secondOf(entry, ['timestamp_uploaded', 'timestamp_created', 'timestamp_last_modified']),
					modified: secondOf(entry, ['timestamp_last_modified', 'timestamp_uploaded', 'timestamp_created']),
					entry,
					folderHash: folder.hash,
					folderPath: folder.path,
				});
				if (kind === 'folder' && currentDepth < depth)
					next.push({ hash: id, path: folder.path ? `${folder.path}/${name}` : name });
			}
		}
		level = next;
	}
	return found;
}
