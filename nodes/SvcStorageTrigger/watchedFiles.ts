import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { entryHash, entryKind, entryName } from '../shared/services/storage/entries';
import type { StorageService } from '../shared/services/storage/StorageService';
import type { PollBudget } from '../shared/polling/budget';
import type { Stamped } from '../shared/polling/cursor';
import { asNodeError, isGoneError, watchedTargetError } from '../shared/polling/errors';

/** Listing more folders than this in one poll is refused: the user is asked to lower the depth. */
export const MAX_WATCHED_FOLDERS = 200;

/** A file in the watched tree, stamped with its upload second and identified by its hash. */
export interface WatchedFile extends Stamped {
	at: number;
	name: string;
	entry: IDataObject;
	folderHash: string;
	/** Path of its folder below the watched folder ('' for the watched folder itself). */
	folderPath: string;
}

/** The upload second of a folder entry: `timestamp_uploaded`, tolerating a numeric string. */
export function uploadSecond(entry: IDataObject): number {
	for (const key of ['timestamp_uploaded', 'timestamp_created', 'timestamp_last_modified']) {
		const value = Number(entry[key]);
		if (entry[key] !== undefined && entry[key] !== null && entry[key] !== '' && Number.isFinite(value)) return value;
	}
	return 0;
}

/**
 * Every file in the watched folder and its subfolders down to `depth`, one request per
 * folder. The walk is complete or it throws: a cursor may only move past a second once every
 * watched folder has been seen. A subfolder deleted between two listings is skipped (its
 * files went with it); the watched folder itself failing is the user's to fix.
 */
export async function listWatchedFiles(
	ctx: IPollFunctions,
	backend: StorageService,
	folderHash: string,
	depth: number,
	budget: PollBudget,
): Promise<WatchedFile[]> {
	const files: WatchedFile[] = [];
	let level = [{ hash: folderHash, path: '' }];
	let listed = 0;
	for (let currentDepth = 0; level.length > 0; currentDepth++) {
		const next: typeof level = [];
		for (const folder of level) {
			if (++listed > MAX_WATCHED_FOLDERS) {
				throw new NodeOperationError(ctx.getNode(), `More than ${MAX_WATCHED_FOLDERS} folders to watch`, {
					description: `The watched folder has more than ${MAX_WATCHED_FOLDERS} subfolders within the chosen depth. Lower "Subfolder Depth" or watch a narrower folder.`,
				});
			}
			budget.spend();
			let entries: IDataObject[];
			try {
				entries = await backend.listFolder(folder.hash, {}, 0);
			} catch (error) {
				if (!isGoneError(error)) throw asNodeError(ctx.getNode(), error);
				if (folder.hash !== folderHash) continue;
				throw watchedTargetError(
					ctx.getNode(),
					error,
					`The watched folder can no longer be listed (${error.httpCode})`,
					'It may have been deleted, or the account may have lost access to it. Choose the folder again, or check the Svc Storage API credential.',
				);
			}
			for (const entry of entries) {
				const hash = entryHash(entry);
				if (!hash) continue;
				const kind = entryKind(entry);
				const name = entryName(entry) ?? hash;
				if (kind === 'folder') {
					if (currentDepth < depth) next.push({ hash, path: folder.path ? `${folder.path}/${name}` : name });
				} else if (kind === 'file') {
					files.push({ at: uploadSecond(entry), id: hash, name, entry, folderHash: folder.hash, folderPath: folder.path });
				}
			}
		}
		level = next;
	}
	return files;
}
