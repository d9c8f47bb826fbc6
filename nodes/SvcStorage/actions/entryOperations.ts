import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parameterOf, readText } from '../../shared/execution/parameters';
import { jsonItem } from '../../shared/execution/items';
import { OVER_REST_AND_MCP, OVER_REST_ONLY } from '../../shared/description/operation';
import { readEntryHash } from './references';
import type { StorageOperation } from './node.type';

/*
 * Get Info, Rename and Restore, the same for a file and a folder: each of the six operation files gives its
 * parameters and what it returns, and the rest follows from the kind.
 */

/** A file and a folder: the operations below differ only in these words. */
type EntryKind = 'file' | 'folder';

const LABEL: Record<EntryKind, string> = { file: 'File', folder: 'Folder' };

function shownFor(kind: EntryKind, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: [kind], operation: [operation] } }, properties);
}

/** File > Get Info and Folder > Get Info: the File or Folder parameter, Include Access Rights. */
export function getInfoOperation(kind: EntryKind, returns: string, properties: INodeProperties[]): StorageOperation {
	return {
		option: { name: 'Get Info', action: `Get a ${kind}`, description: `Get the metadata of a ${kind}` },
		access: 'read',
		runsOver: OVER_REST_AND_MCP,
		returns,
		description: shownFor(kind, 'getInfo', properties),
		async execute(itemIndex, { storage }) {
			const hash = await readEntryHash(this, storage, kind, { name: kind, label: LABEL[kind] }, itemIndex);
			const options = { accessRights: parameterOf(this, 'options.accessRights', itemIndex, false) as boolean };
			const info =
				kind === 'file'
					? await storage.getFileInfo(hash, options, itemIndex)
					: await storage.getFolderInfo(hash, options, itemIndex);
			return [jsonItem(info, itemIndex)];
		},
	};
}

/** File > Rename and Folder > Rename: the File or Folder parameter, New Name. */
export function renameOperation(kind: EntryKind, returns: string, properties: INodeProperties[]): StorageOperation {
	return {
		option: { name: 'Rename', action: `Rename a ${kind}`, description: `Rename a ${kind}` },
		access: 'write',
		runsOver: OVER_REST_AND_MCP,
		returns,
		description: shownFor(kind, 'rename', properties),
		async execute(itemIndex, { storage }) {
			const hash = await readEntryHash(this, storage, kind, { name: kind, label: LABEL[kind] }, itemIndex);
			const name = readText(this, 'newName', itemIndex, 'New Name', { required: true, maxLength: 255 });
			return [jsonItem(await storage.renameEntry(kind, hash, name, itemIndex), itemIndex)];
		},
	};
}

/** File > Restore and Folder > Restore: by File Hash or Folder Hash (a deleted item is in no list to pick from). */
export function restoreOperation(kind: EntryKind, returns: string, properties: INodeProperties[]): StorageOperation {
	return {
		option: { name: 'Restore', action: `Restore a ${kind}`, description: `Restore a deleted ${kind} (paid plans)` },
		access: 'write',
		runsOver: OVER_REST_ONLY,
		returns,
		description: shownFor(kind, 'restore', properties),
		async execute(itemIndex, { storage }) {
			const hash = readText(this, `${kind}Hash`, itemIndex, `${LABEL[kind]} Hash`, { required: true });
			return [jsonItem(await storage.restoreEntry(kind, hash, itemIndex), itemIndex)];
		},
	};
}
