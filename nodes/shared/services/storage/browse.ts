import type { INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { entryHash, entryKind, entryName } from '../../adapters/storage/entryFields';
import type { StorageService } from './StorageService';

/** How many folders one search may list while walking down from ROOT. */
const MAX_FOLDERS_LISTED = 25;
const MAX_RESULTS = 200;

function matches(path: string, filter: string | undefined): boolean {
	return !filter || path.toLowerCase().includes(filter.trim().toLowerCase());
}

/**
 * The folders or files of the account for a resource locator's list, walked breadth-first
 * from ROOT and named by their path.
 */
export async function browseStorage(
	storage: StorageService,
	kind: 'folder' | 'file',
	filter?: string,
): Promise<INodeListSearchResult> {
	const root = await storage.rootFolderHash(0);
	const results: INodeListSearchItems[] = [];
	if (kind === 'folder' && matches('ROOT', filter)) results.push({ name: 'ROOT', value: root });
	const queue = [{ hash: root, path: '' }];
	let listed = 0;
	while (queue.length && listed < MAX_FOLDERS_LISTED && results.length < MAX_RESULTS) {
		const folder = queue.shift() as { hash: string; path: string };
		const entries = await storage.listFolder(folder.hash, {}, 0);
		listed++;
		for (const entry of entries) {
			const hash = entryHash(entry);
			const name = entryName(entry) ?? hash;
			const type = entryKind(entry);
			if (!hash || !type) continue;
			const path = folder.path ? `${folder.path} / ${name}` : (name ?? hash);
			if (type === 'folder') queue.push({ hash, path });
			if (type === kind && matches(path, filter)) results.push({ name: path, value: hash });
		}
	}
	return { results: results.slice(0, MAX_RESULTS) };
}
