/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * The README's npm install gives the tree n8n's own installer gives, on each supported line: in
 * `<user folder>/.n8n/nodes/node_modules` the package alone (no second n8n-workflow from its peer dependency,
 * no dev dependencies), n8n starts with its nodes, and loading them the way n8n does (its module paths first
 * on NODE_PATH) brings in one n8n-workflow: n8n's own.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { n8nModules, n8nNode, PACKAGE_NAME, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';

let n8n: RunningN8n;

beforeAll(
	async () => {
		n8n = await startN8n();
	},
	5 * 60 * 1000,
);

afterAll(async () => {
	await n8n?.stop();
});

const nodesFolder = () => join(n8n.userFolder, '.n8n', 'nodes');

/** The n8n-workflow package folders a Node process holds after requiring every node and credential the way n8n does. */
function loadedWorkflowPackages(): string[] {
	const installed = join(nodesFolder(), 'node_modules', PACKAGE_NAME);
	const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
	const entries = [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((entry: string) => join(installed, entry));
	const script = `
		for (const entry of ${JSON.stringify(entries)}) require(entry);
		const roots = new Set(Object.keys(require.cache).filter((path) => /[\\\\/]n8n-workflow[\\\\/]/.test(path)).map((path) => path.slice(0, path.lastIndexOf('n8n-workflow') + 'n8n-workflow'.length)));
		process.stdout.write(JSON.stringify([...roots]));`;
	// n8n puts its own module paths on NODE_PATH before it loads community packages (load-nodes-and-credentials).
	const n8nPaths = [
		join(n8nModules(), 'n8n', 'dist', 'node_modules'),
		join(n8nModules(), 'n8n', 'node_modules'),
		n8nModules(),
	];
	const result = spawnSync(n8nNode(), ['-e', script], {
		cwd: nodesFolder(),
		env: { ...process.env, NODE_PATH: n8nPaths.join(':') },
		encoding: 'utf8',
	});
	if (result.status !== 0) throw new Error(`loading the installed package failed: ${result.stderr}`);
	return JSON.parse(result.stdout);
}

describe("the README's npm install, in a real n8n", () => {
	it('leaves the package alone in the nodes folder: no n8n-workflow beside it, nothing else', () => {
		const modules = readdirSync(join(nodesFolder(), 'node_modules')).filter((name) => !name.startsWith('.'));
		expect(modules).toEqual([PACKAGE_NAME]);
		const lock = JSON.parse(readFileSync(join(nodesFolder(), 'package-lock.json'), 'utf8'));
		expect(Object.keys(lock.packages).filter((path) => path !== '')).toEqual([`node_modules/${PACKAGE_NAME}`]);
	});

	it('n8n starts with the package loaded', async () => {
		const types = await (await n8n.rest.raw('/types/nodes.json')).json();
		expect(
			types.filter(
				(type: any) => String(type.name).startsWith(`${PACKAGE_NAME}.`) && !String(type.name).endsWith('Tool'),
			).length,
		).toBe(5);
	});

	it("loads one n8n-workflow, n8n's own", () => {
		const own = dirname(require.resolve('n8n-workflow/package.json', { paths: [join(n8nModules(), 'n8n')] }));
		expect(loadedWorkflowPackages()).toEqual([own]);
	});
});
