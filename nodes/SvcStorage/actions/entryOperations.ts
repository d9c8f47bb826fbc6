import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText } from '../../shared/parameters';
import { jsonItem } from '../../shared/items';
import { OVER_REST_AND_MCP, OVER_REST_ONLY } from '../../shared/operation';
import {
	accessRightsOption,
	fileLocator,
	folderLocator,
	optionsCollection,
	readEntryHash,
	readOptionsCollection,
} from './common.descriptions';
import type { StorageOperation } from './node.type';

/** A file and a folder: the operations below are the same for both and differ only in these words. */
type EntryKind = 'file' | 'folder';

const ENTRY: Record<
	EntryKind,
	{ label: string; locator: (description?: string) => INodeProperties; nameClash: string }
> = {
	file: {
		label: 'File',
		locator: (description) =>
			fileLocator({ name: 'file', displayName: 'File', ...(description ? { description } : {}) }),
		nameClash: 'the folder has it already',
	},
	folder: {
		label: 'Folder',
		locator: (description) =>
			folderLocator({ name: 'folder', displayName: 'Folder', ...(description ? { description } : {}) }),
		nameClash: 'a sibling has it already',
	},
};

function shownFor(kind: EntryKind, operation: string, properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: [kind], operation: [operation] } }, properties);
}

/** File > Get Info and Folder > Get Info. */
export function getInfoOperation(kind: EntryKind, returns: string): StorageOperation {
	return {
		option: { name: 'Get Info', action: `Get a ${kind}`, description: `Get the metadata of a ${kind}` },
		access: 'read',
		runsOver: OVER_REST_AND_MCP,
		returns,
		description: shownFor(kind, 'getInfo', [ENTRY[kind].locator(), readOptionsCollection([accessRightsOption])]),
		async execute(itemIndex, { storage }) {
			const hash = await readEntryHash(this, storage, kind, { name: kind, label: ENTRY[kind].label }, itemIndex);
			const options = { accessRights: this.getNodeParameter('options.accessRights', itemIndex, false) as boolean };
			const info =
				kind === 'file'
					? await storage.getFileInfo(hash, options, itemIndex)
					: await storage.getFolderInfo(hash, options, itemIndex);
			return [jsonItem(info, itemIndex)];
		},
	};
}

/** File > Rename and Folder > Rename. */
export function renameOperation(kind: EntryKind, returns: string): StorageOperation {
	const properties: INodeProperties[] = [
		ENTRY[kind].locator(kind === 'folder' ? 'Folder to rename (the ROOT folder cannot be renamed)' : undefined),
		{
			displayName: 'New Name',
			name: 'newName',
			type: 'string',
			default: '',
			required: true,
			description:
				`The service normalizes the name and adds a number when ${ENTRY[kind].nameClash}; the output ` +
				`has the final name`,
		},
		optionsCollection(),
	];
	return {
		option: { name: 'Rename', action: `Rename a ${kind}`, description: `Rename a ${kind}` },
		access: 'write',
		runsOver: OVER_REST_AND_MCP,
		returns,
		description: shownFor(kind, 'rename', properties),
		async execute(itemIndex, { storage }) {
			const hash = await readEntryHash(this, storage, kind, { name: kind, label: ENTRY[kind].label }, itemIndex);
			const name = readText(this, 'newName', itemIndex, 'New Name', { required: true, maxLength: 255 });
			const renamed =
				kind === 'file'
					? await storage.renameFile(hash, name, itemIndex)
					: await storage.renameFolder(hash, name, itemIndex);
			return [jsonItem(renamed, itemIndex)];
		},
	};
}

/** File > Restore and Folder > Restore (by hash: a deleted item is in no list to pick from). */
export function restoreOperation(kind: EntryKind, returns: string): StorageOperation {
	const parameter = `${kind}Hash`;
	const displayName = `${ENTRY[kind].label} Hash`;
	const properties: INodeProperties[] = [
		{
			displayName,
			name: parameter,
			type: 'string',
			default: '',
			required: true,
			description: `Hash of the deleted ${kind}. Restoring is possible on PRO, BUSINESS and ENTERPRISE plans.`,
		},
		optionsCollection(),
	];
	return {
		option: { name: 'Restore', action: `Restore a ${kind}`, description: `Restore a deleted ${kind} (paid plans)` },
		access: 'write',
		runsOver: OVER_REST_ONLY,
		returns,
		description: shownFor(kind, 'restore', properties),
		async execute(itemIndex, { storage }) {
			const hash = readText(this, parameter, itemIndex, displayName, { required: true });
			return [jsonItem(await storage.restoreEntry(kind, hash, itemIndex), itemIndex)];
		},
	};
}
