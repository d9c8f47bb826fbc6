import { main, serviceSetup, type RunningSimulator } from '../cli';
import { McpTestClient } from '../mcp/testing/client';

let running: RunningSimulator;
const lines: string[] = [];

beforeAll(async () => {
	running = await main({
		argv: ['--port', '0', '--ttl-seconds', '600'],
		env: {},
		setup: serviceSetup,
		print: (line) => lines.push(line),
	});
});
afterAll(() => running.stop());

const bearerAfter = (label: RegExp): string => {
	const line = lines.find((l) => label.test(l) && l.includes('Authorization: Bearer'));
	if (!line) throw new Error(`no line matching ${label}:\n${lines.join('\n')}`);
	return /Authorization: (Bearer \d+:\S+)/.exec(line)![1];
};

it('prints the MCP endpoint and bearers that work: the demo PRO user and the DVS org-A admin', async () => {
	const base = running.sim.baseUrl;
	expect(lines).toContain(
		`MCP endpoint (Svc MCP credential): POST ${base}/api/mcp  (writes, DVS and OAuth enabled; tools svc_*)`,
	);

	const pro = new McpTestClient(base, { auth: bearerAfter(/^ {2}PRO /) });
	const root = await pro.tool('svc_get_root_folder');
	expect(root.structuredContent.folder.hash).toBe(running.demo.pro.rootFolderHash);

	const admin = new McpTestClient(base, { auth: bearerAfter(/DVS Acme GmbH admin/) });
	const fields = await admin.tool('svc_dvs_get_fields', { section: 'task' });
	expect(fields.isError).toBe(false);
	expect(fields.structuredContent.actor.org_id).toBe(11);
});
