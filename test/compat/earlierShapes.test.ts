/**
 * Values saved in shapes older than compat/'s first capture (seen when upgrading from dd0732a, before 0.1.0):
 * a tool input saved as a resource locator where a text input now stands, and the MCP credential's User ID
 * saved as a number. Each still works (docs/COMPATIBILITY.md, rules 2 and 3).
 */
import { demoCredentials, startDemoSimulator } from '../../devkit/demo';
import { runNode, testCredential } from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startDemoSimulator();
});
afterAll(async () => await sim.close());

const documents = () =>
	sim.storage.listChildren(sim.demo.pro.rootFolderHash).find((item) => item.name === 'Documents')!;

it('a tool whose Folder was saved as a picked folder (a resource locator) lists that folder', async () => {
	const folder = { __rl: true, mode: 'list', value: documents().hash, cachedResultName: 'Documents' };
	const result = await runNode({
		type: 'svcStorageTool',
		parameters: { resource: 'folder', operation: 'getContent', folder, returnAll: true },
		credentials: demoCredentials(sim),
	});
	expect(result.error).toBeUndefined();
	const names = result.items.map((item) => String(item.json.folder_name ?? item.json.file_name)).sort();
	expect(names).toEqual(
		sim.storage
			.listChildren(documents().hash)
			.map((item) => item.name)
			.sort(),
	);
});

describe("the MCP credential's User ID", () => {
	it.each([
		['a number, as saved before it became text', (id: number) => id],
		['text', (id: number) => String(id)],
	])('passes its Test and signs calls when saved as %s', async (_how, saved) => {
		const credentials = { ...demoCredentials(sim).svcMcpApi, userId: saved(Number(sim.demo.pro.userId)) };
		expect((await testCredential('svcMcpApi', credentials)).status).toBe('OK');
		const result = await runNode({
			type: 'svcMcp',
			parameters: { resource: 'tool', operation: 'list' },
			credentials: { svcMcpApi: credentials },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
	});
});
