import type { IDataObject, INode } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { entryHash, entryKind, entryName, type EntryKind } from '../../adapters/storage/entryFields';
import type { StorageAdapter } from '../../adapters/storage/port';

/** Folders a search by name looks into, breadth first from ROOT, before it gives up. */
export const NAME_SEARCH_MAX_FOLDERS = 200;

/** How many names an error lists of what exists. */
const NAMES_SHOWN = 15;

/** What a reference names: by hash (what the service returns), by path from ROOT, or (tool use) by a unique name. */
export interface ReferenceRules {
	/** A value that is no hash of the kind may be a name, searched from ROOT (an AI model sends names). */
	byName: boolean;
}

function notFound(node: INode, message: string, description: string, itemIndex: number): NodeOperationError {
	return new NodeOperationError(node, message, { itemIndex, description });
}

function listed(names: string[]): string {
	if (names.length === 0) return 'nothing';
	const shown = names
		.slice(0, NAMES_SHOWN)
		.map((name) => `"${name}"`)
		.join(', ');
	return names.length > NAMES_SHOWN ? `${shown} and ${names.length - NAMES_SHOWN} more` : shown;
}

function sameName(a: string, b: string): boolean {
	return a.normalize('NFC').trim().toLowerCase() === b.normalize('NFC').trim().toLowerCase();
}

/**
 * Folder and file references as a person or an AI model writes them, turned into the hash the
 * service takes: `/Documents/Reports` walks the path from ROOT (a file's path ends in its name);
 * with `byName`, a value that the service does not know as a hash is looked up by name in the
 * account's folders (breadth first, at most NAME_SEARCH_MAX_FOLDERS). An unknown or ambiguous
 * value is an error that says what exists there.
 */
export class StorageReferences {
	constructor(
		private readonly node: INode,
		private readonly adapter: StorageAdapter,
		private readonly rootHash: (itemIndex: number) => Promise<string>,
	) {}

	async hashOf(kind: EntryKind, reference: string, rules: ReferenceRules, itemIndex: number): Promise<string> {
		if (!reference) return reference;
		if (reference.startsWith('/')) return await this.byPath(kind, reference, itemIndex);
		if (!rules.byName || (await this.isHash(kind, reference, itemIndex))) return reference;
		return await this.byName(kind, reference, itemIndex);
	}

	private async isHash(kind: EntryKind, reference: string, itemIndex: number): Promise<boolean> {
		const read =
			kind === 'folder'
				? this.adapter.getFolderInfo(reference, {}, itemIndex)
				: this.adapter.getFileInfo(reference, {}, itemIndex);
		// The service's "no such item" (or no rights to an unknown one) means no hash it knows; any other failure
		// is the error.
		const unknown = await read.then(
			() => false,
			(error: unknown) => {
				if (error instanceof NodeApiError && ['400', '403', '404', '405'].includes(String(error.httpCode))) return true;
				throw error;
			},
		);
		return !unknown;
	}

	private async children(folderHash: string, itemIndex: number): Promise<IDataObject[]> {
		return await this.adapter.listFolder(folderHash, {}, itemIndex);
	}

	private async byPath(kind: EntryKind, path: string, itemIndex: number): Promise<string> {
		const names = path.split('/').filter(Boolean);
		let folder = await this.rootHash(itemIndex);
		if (names.length === 0) {
			if (kind === 'folder') return folder;
			throw notFound(
				this.node,
				`The path "${path}" names no file`,
				'End the path with the file name, such as /Documents/report.pdf.',
				itemIndex,
			);
		}
		let walked = '';
		for (const [index, name] of names.entries()) {
			const last = index === names.length - 1;
			const want: EntryKind = last ? kind : 'folder';
			const entries = await this.children(folder, itemIndex);
			const matches = entries.filter((entry) => entryKind(entry) === want && sameName(entryName(entry) ?? '', name));
			const exact = matches.filter((entry) => entryName(entry) === name);
			const found = exact.length === 1 ? exact : matches;
			if (found.length !== 1) {
				const there = entries.filter((entry) => entryKind(entry) === want).map((entry) => entryName(entry) ?? '');
				throw notFound(
					this.node,
					found.length === 0
						? `No ${want} "${name}" in ${walked || '/'}`
						: `Several ${want}s named "${name}" in ${walked || '/'}`,
					`${walked || '/'} holds the ${want}s ${listed(there)}. Give the path exactly, or the ${want}'s hash.`,
					itemIndex,
				);
			}
			folder = entryHash(found[0]) as string;
			walked = `${walked}/${entryName(found[0])}`;
		}
		return folder;
	}

	/** A unique item of that name in the account's folders, breadth first from ROOT. */
	private async byName(kind: EntryKind, name: string, itemIndex: number): Promise<string> {
		const queue: Array<{ hash: string; path: string }> = [{ hash: await this.rootHash(itemIndex), path: '' }];
		const found: Array<{ hash: string; path: string }> = [];
		const topLevel: string[] = [];
		for (let searched = 0; queue.length > 0 && searched < NAME_SEARCH_MAX_FOLDERS; searched++) {
			const folder = queue.shift()!;
			for (const entry of await this.children(folder.hash, itemIndex)) {
				const entryPath = `${folder.path}/${entryName(entry) ?? ''}`;
				if (entryKind(entry) === 'folder') queue.push({ hash: entryHash(entry) as string, path: entryPath });
				if (searched === 0 && entryKind(entry) === kind) topLevel.push(entryName(entry) ?? '');
				if (entryKind(entry) === kind && sameName(entryName(entry) ?? '', name))
					found.push({ hash: entryHash(entry) as string, path: entryPath });
			}
		}
		if (found.length === 1) return found[0].hash;
		if (found.length > 1) {
			throw notFound(
				this.node,
				`Several ${kind}s are named "${name}"`,
				`They are ${listed(found.map((item) => item.path))}. Give the path of the one meant (such ` +
					`as ${found[0].path}) or its hash.`,
				itemIndex,
			);
		}
		throw notFound(
			this.node,
			`No ${kind} "${name}" was found (not a hash, a path or a name of this account's ${kind}s)`,
			`ROOT holds the ${kind}s ${listed(topLevel)}. Give a hash from a listing, a path from ROOT ` +
				`such as /Documents/Reports, or the exact name.`,
			itemIndex,
		);
	}
}
