/**
 * What a run costs in credential reads, over both APIs: n8n decrypts a credential at every read, so the node reads
 * its credential once per run, however many items run at once, and n8n signs every request with what it read.
 */
import { HarnessCredentialsHelper } from '../../../devkit/harness/credentials';
import { AUTHS, byId, jsonOf, toolCalls, useParityEnv, type Auth } from './env';

const env = useParityEnv();
const sim = () => env.sim();

/** The credential types n8n decrypted while `action` ran, one entry per read. */
async function credentialReadsDuring<T>(action: () => Promise<T>): Promise<{ result: T; types: string[] }> {
	const reads = jest.spyOn(HarnessCredentialsHelper.prototype, 'getDecrypted');
	try {
		const result = await action();
		return { result, types: reads.mock.calls.map(([, , type]) => type) };
	} finally {
		reads.mockRestore();
	}
}

const credentialType = (auth: Auth, rest: string) => (auth === 'mcp' ? 'svcMcpApi' : rest);

/** The get_document requests the service took since `from`: the REST action's, or the MCP tool's calls. */
function documentReadsSince(auth: Auth, from: number): number {
	if (auth === 'mcp') return toolCalls(sim(), from, 'svc_dvs_get_document').length;
	return sim()
		.requests.slice(from)
		.filter((entry) => entry.path === '/api_dvs/task/get_document').length;
}

describe.each(AUTHS)('with the %s credential', (auth) => {
	it('Svc DVS reads the credential once for 25 items, ten at a time, and signs all 25 requests with it', async () => {
		const a = sim().dvs.seed.orgA;
		const from = sim().requests.length;
		const { result, types } = await credentialReadsDuring(
			async () =>
				await env.dvs(
					auth,
					{ resource: 'task', operation: 'get', documentId: byId('={{ $json.id }}') },
					{ input: Array.from({ length: 25 }, () => ({ json: { id: a.tasks.design } })) },
				),
		);
		expect(jsonOf(result).map((task) => task.dvs_document_id)).toEqual(Array(25).fill(a.tasks.design));
		expect(types.filter((type) => type === credentialType(auth, 'svcDvsApi'))).toHaveLength(1);
		expect(documentReadsSince(auth, from)).toBe(25);
	});

	it('Svc Storage reads the credential once for a run of 12 writes and signs every request with it', async () => {
		const pro = sim().demo.pro;
		const parent = sim().storage.createFolder(pro.userId, pro.rootFolderHash, `reads-${auth}-${Date.now()}`);
		const names = Array.from({ length: 12 }, (_, n) => `Folder ${n}`);
		const { result, types } = await credentialReadsDuring(
			async () =>
				await env.storage(
					auth,
					{ resource: 'folder', operation: 'create', parentFolder: byId(parent.hash), folderName: '={{ $json.name }}' },
					{ input: names.map((name) => ({ json: { name } })) },
				),
		);
		expect(jsonOf(result).map((folder) => folder.folder_name)).toEqual(names);
		expect(types.filter((type) => type === credentialType(auth, 'svcStorageApi'))).toHaveLength(1);
	});
});
