/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * The README's install from a clone, run as written on each supported line: its shell block, from `git clone` to the
 * npm install of the tarball, with HOME set to a fresh n8n user folder. The clone is of this repository's committed
 * HEAD (git's `url.<base>.insteadOf` stands in for the GitHub address), never built before the block's
 * `node scripts/pack-from-clone.mjs` builds and packs it. The tarball
 * holds dist/; the install gives the tree n8n's own installer gives: in `<user folder>/.n8n/nodes/node_modules` the
 * package alone (no second n8n-workflow from its peer dependency, no dev dependencies); n8n starts with its nodes,
 * and loading them the way n8n does (its module paths first on NODE_PATH) brings in one n8n-workflow: n8n's own.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';

import { n8nModules, n8nNode, PACKAGE_NAME, PROJECT_ROOT, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import { CLONE_MARKER, readmeShellBlock } from '../release/readmeInstall';

let home: string;
let n8n: RunningN8n;

/** The environment a user's shell gives the block: their PATH without this project's tools, HOME the user folder. */
function userShellEnv(url: string): NodeJS.ProcessEnv {
	const path = (process.env.PATH ?? '')
		.split(delimiter)
		.filter((entry) => !entry.includes(`${join('node_modules', '.bin')}`) && !entry.startsWith(PROJECT_ROOT))
		.join(delimiter);
	return {
		PATH: path,
		HOME: home,
		TMPDIR: process.env.TMPDIR ?? tmpdir(),
		// npm's cache and settings stay the machine's, and the lockfile's packages come from that cache when it holds
		// them (it checks each against the lockfile's integrity): the commands are the README's, the network is spared.
		npm_config_cache: process.env.npm_config_cache ?? join(homedir(), '.npm'),
		npm_config_userconfig: process.env.npm_config_userconfig ?? join(homedir(), '.npmrc'),
		npm_config_prefer_offline: 'true',
		npm_config_audit: 'false',
		npm_config_fund: 'false',
		GIT_CONFIG_NOSYSTEM: '1',
		GIT_CONFIG_COUNT: '1',
		GIT_CONFIG_KEY_0: `url.${PROJECT_ROOT}.insteadOf`,
		GIT_CONFIG_VALUE_0: url,
	};
}

/** Runs the README's block in bash, stopping at the first failing line. */
function runCloneBlock(): { output: string; clone: string } {
	const lines = readmeShellBlock(CLONE_MARKER);
	const [, url, folder] = /^git clone (\S+) (\S+)$/.exec(lines[0]) ?? [];
	if (!url) throw new Error(`the README's clone block starts with "${lines[0]}", not "git clone <url> <folder>"`);
	const result = spawnSync('bash', ['-euo', 'pipefail', '-c', lines.join('\n')], {
		cwd: home,
		env: userShellEnv(url),
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const output = `${result.stdout}\n${result.stderr}`;
	if (result.status !== 0)
		throw new Error(`the README's clone block failed (exit ${result.status}):\n${output.slice(-4000)}`);
	return { output, clone: folder.replace(/^~/, home) };
}

let clone: string;

beforeAll(
	async () => {
		home = mkdtempSync(join(tmpdir(), 'svc-readme-install-'));
		({ clone } = runCloneBlock());
		n8n = await startN8n({ userFolder: home });
	},
	// The block's pack-from-clone installs the build's packages, reading each one's metadata (the lockfile holds no
	// URLs); on a busy 2-core machine that is the most of the suite's time.
	30 * 60 * 1000,
);

afterAll(async () => {
	await n8n?.stop();
	if (home) rmSync(home, { recursive: true, force: true });
});

const nodesFolder = () => join(home, '.n8n', 'nodes');

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

describe("the README's install from a clone, in a real n8n", () => {
	it('packs a clone that was never built into a tarball with dist/', () => {
		const tracked = spawnSync('git', ['-C', clone, 'ls-files', 'dist'], { encoding: 'utf8' });
		expect([tracked.status, tracked.stdout]).toEqual([0, '']);
		const tarball = readdirSync(clone).find((name) => name.startsWith(`${PACKAGE_NAME}-`) && name.endsWith('.tgz'));
		const listing = spawnSync('tar', ['-tzf', join(clone, tarball!)], { encoding: 'utf8' }).stdout.split('\n');
		const manifest = JSON.parse(readFileSync(join(clone, 'package.json'), 'utf8'));
		for (const entry of [...manifest.n8n.nodes, ...manifest.n8n.credentials])
			expect(listing).toContain(`package/${entry}`);
	});

	it('leaves the package alone in the nodes folder: no n8n-workflow beside it, nothing else', () => {
		const modules = readdirSync(join(nodesFolder(), 'node_modules')).filter((name) => !name.startsWith('.'));
		expect(modules).toEqual([PACKAGE_NAME]);
		const lock = JSON.parse(readFileSync(join(nodesFolder(), 'package-lock.json'), 'utf8'));
		expect(Object.keys(lock.packages).filter((path) => path !== '')).toEqual([`node_modules/${PACKAGE_NAME}`]);
	});

	it('n8n starts with the package loaded', async () => {
		const types = await (await n8n.rest.raw('/types/nodes.json')).json();
		const ours: string[] = types
			.map((type: any) => String(type.name))
			.filter((name: string) => name.startsWith(`${PACKAGE_NAME}.`));
		// Five nodes and the three action nodes' tools, each once.
		expect([ours.length, new Set(ours).size, ours.filter((name) => name.endsWith('Tool')).length]).toEqual([8, 8, 3]);
	});

	it("loads one n8n-workflow, n8n's own", () => {
		const own = dirname(require.resolve('n8n-workflow/package.json', { paths: [join(n8nModules(), 'n8n')] }));
		expect(loadedWorkflowPackages()).toEqual([own]);
	});
});
