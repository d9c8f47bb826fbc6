/**
 * What a run costs in parameter reads: n8n checks a value against the node's description at every read, so a
 * parameter that holds no expression is read once per run, and an item's options once for all it reads of them;
 * a parameter with an expression still gives each item its own value.
 */
import { ExecuteContext } from 'n8n-core';
import type { INodeParameters } from 'n8n-workflow';

import type { HarnessInputItem } from '../../../devkit/harness';
import { byHash, jsonOf, namesIn, sim, storage, useSimulator } from './env';

useSimulator();

type Reader = { _getNodeParameter: (name: string) => unknown };

/** Where n8n-core reads a parameter for every kind of context: the base class of ExecuteContext. */
function parameterReader(): Reader {
	for (
		let proto = ExecuteContext.prototype as object | null;
		proto;
		proto = Object.getPrototypeOf(proto) as object | null
	)
		if (Object.hasOwn(proto, '_getNodeParameter')) return proto as Reader;
	throw new Error("n8n-core's contexts no longer read parameters through _getNodeParameter");
}

/** The names n8n was asked for, in order, while `action` ran. */
async function readsDuring<T>(action: () => Promise<T>): Promise<{ result: T; names: string[] }> {
	const read = jest.spyOn(parameterReader(), '_getNodeParameter');
	try {
		const result = await action();
		return { result, names: read.mock.calls.map(([name]) => name) };
	} finally {
		read.mockRestore();
	}
}

const count = (names: string[], name: string) => names.filter((read) => read === name).length;

function scratchFolder() {
	const name = `reads-${Math.random().toString(36).slice(2, 8)}`;
	return sim().storage.createFolder(sim().demo.pro.userId, sim().demo.pro.rootFolderHash, name, 'PRIVATE');
}

/** Folder → Create into `parentHash` for each input item, and the parameters n8n was asked for meanwhile. */
async function createFoldersIn(parentHash: string, parameters: INodeParameters, input: HarnessInputItem[]) {
	const create = { resource: 'folder', operation: 'create', parentFolder: byHash(parentHash), ...parameters };
	return await readsDuring(async () => await storage(create, { input }));
}

it('reads a parameter without an expression once for 30 items, one with an expression for each item', async () => {
	const parent = scratchFolder();
	const names = Array.from({ length: 30 }, (_, n) => `Folder ${n}`);
	const { result, names: reads } = await createFoldersIn(
		parent.hash,
		{ folderName: '={{ $json.name }}', accessType: 'LINK', options: { ifNameExists: 'keepBoth', timeout: 30_000 } },
		names.map((name) => ({ json: { name } })),
	);
	expect(jsonOf(result).map((folder) => [folder.folder_name, folder.access_type])).toEqual(
		names.map((name) => [name, 'LINK']),
	);
	expect(namesIn(parent.hash).sort()).toEqual([...names].sort());
	expect(count(reads, 'folderName')).toBe(30);
	expect(count(reads, 'parentFolder')).toBe(1);
	expect(count(reads, 'accessType')).toBe(1);
	expect(count(reads, 'options')).toBe(1);
	expect(reads.filter((name) => name.startsWith('options.'))).toEqual(['options.rateLimitWait']);
});

it('reads options that hold an expression once for each item, and each item gets its own value', async () => {
	const parent = scratchFolder();
	sim().storage.createFolder(sim().demo.pro.userId, parent.hash, 'Taken', 'PRIVATE');
	const input = [
		{ json: { onConflict: 'useExisting' } },
		{ json: { onConflict: 'keepBoth' } },
		{ json: { onConflict: 'useExisting' } },
	];
	const { result, names: reads } = await createFoldersIn(
		parent.hash,
		{ folderName: 'Taken', options: { ifNameExists: '={{ $json.onConflict }}', timeout: 30_000 } },
		input,
	);
	const folders = jsonOf(result);
	expect(folders.map((folder) => folder.existing === true)).toEqual([true, false, true]);
	expect(folders[0].folder_hash).toBe(folders[2].folder_hash);
	expect(namesIn(parent.hash)).toHaveLength(2);
	expect(count(reads, 'options')).toBe(3);
});
