import { listSearch } from '../../../devkit/harness';
import {
	STORAGE_NODE,
	actionsSince,
	credentialsFor,
	sim,
	tokenCredentials,
	useSimulator,
	secretsInQueryOutsideAccountScripts,
} from './env';

useSimulator();

function search(method: 'searchFolders' | 'searchFiles', filter?: string, credentials = tokenCredentials()) {
	return listSearch({ type: STORAGE_NODE, credentials, method, ...(filter !== undefined ? { filter } : {}) });
}

beforeAll(() => {
	const pro = sim().demo.pro.userId;
	const year = sim().storage.createFolder(pro, sim().demo.folders.documents.hash, '2026');
	const quarter = sim().storage.createFolder(pro, year.hash, 'Q1');
	sim().storage.addFile(pro, quarter.hash, 'invoice-0001.pdf', Buffer.from('%PDF-1.4'));
});

describe('searchFolders', () => {
	it('offers ROOT first, then every folder by its path from ROOT', async () => {
		const { results } = await search('searchFolders');
		const folders = sim().demo.folders;
		expect(results[0]).toEqual({ name: 'ROOT', value: sim().demo.pro.rootFolderHash });
		expect(results).toEqual(
			expect.arrayContaining([
				{ name: 'Documents', value: folders.documents.hash },
				{ name: 'Shared', value: folders.shared.hash },
				{ name: 'Images', value: folders.images.hash },
				{ name: 'Documents / 2026', value: expect.any(String) },
				{ name: 'Documents / 2026 / Q1', value: expect.any(String) },
			]),
		);
		expect(results.map((result) => result.name)).toEqual([
			'ROOT',
			'Documents',
			'Shared',
			'Images',
			'Documents / 2026',
			'Documents / 2026 / Q1',
		]);
		const q1 = results.find((result) => result.name === 'Documents / 2026 / Q1')!;
		expect(sim().storage.getFolder(q1.value as string)?.name).toBe('Q1');
	});

	it('filters by any part of the path, case-insensitively', async () => {
		expect((await search('searchFolders', '2026')).results.map((result) => result.name)).toEqual([
			'Documents / 2026',
			'Documents / 2026 / Q1',
		]);
		expect((await search('searchFolders', 'docu')).results.map((result) => result.name)).toEqual([
			'Documents',
			'Documents / 2026',
			'Documents / 2026 / Q1',
		]);
		expect((await search('searchFolders', 'root')).results).toEqual([
			{ name: 'ROOT', value: sim().demo.pro.rootFolderHash },
		]);
		expect((await search('searchFolders', 'nothing like this')).results).toEqual([]);
	});

	it("lists only the credential's own account, with any auth method, and no secret in a URL", async () => {
		const start = sim().requests.length;
		const { results } = await search('searchFolders', undefined, await credentialsFor('session'));
		expect(results[0].value).toBe(sim().demo.pro.rootFolderHash);
		const free = await search('searchFolders', undefined, await credentialsFor('password', sim().demo.free));
		expect(free.results).toEqual([{ name: 'ROOT', value: sim().demo.free.rootFolderHash }]);
		expect(actionsSince(start)).toContain('get_folder_content');
		expect(secretsInQueryOutsideAccountScripts(sim().requests.slice(start))).toEqual([]);
	});
});

describe('searchFiles', () => {
	it('lists files by path, not folders and not ROOT', async () => {
		const { results } = await search('searchFiles');
		expect(results.map((result) => result.name)).toEqual([
			'Documents / contract.pdf',
			'Documents / legacy-notes.txt',
			'Shared / brochure.pdf',
			'Images / photo.png',
			'Documents / 2026 / Q1 / invoice-0001.pdf',
		]);
		expect(results[0].value).toBe(sim().demo.files.contract.hash);
	});

	it('filters', async () => {
		expect((await search('searchFiles', '.PDF')).results.map((result) => result.name)).toEqual([
			'Documents / contract.pdf',
			'Shared / brochure.pdf',
			'Documents / 2026 / Q1 / invoice-0001.pdf',
		]);
		expect((await search('searchFiles', 'q1 / inv')).results.map((result) => result.value)).toHaveLength(1);
	});
});

it('a wrong credential makes the search fail with the credentials message', async () => {
	await expect(
		search('searchFolders', undefined, tokenCredentials(sim().demo.pro, 'wrong-token-000000000000000000000')),
	).rejects.toThrow(/did not accept the credentials \(401\)/);
});
