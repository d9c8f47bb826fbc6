/**
 * Packs the package in a clone with only what building it needs: the TypeScript compiler and the types the nodes
 * compile against (n8n-workflow, zod, Node's), at the versions and with the integrity package-lock.json gives them.
 * None of the test tools `npm ci` installs comes in (n8n-core, the Node.js 24 the tests run on, Playwright, the MCP
 * servers, n8n's node CLI). It builds what `npm run build` builds (tsc, then the icons and output schemas copied
 * into dist/), writes the tarball `npm pack` writes, prints its name and removes the tools again.
 *
 *     node scripts/pack-from-clone.mjs
 *
 * In a clone that already has node_modules (`npm ci`), it builds with those instead.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = join(ROOT, '.tmp', 'build-tools');
/** What `tsc -p tsconfig.json` reads: the compiler and the modules the nodes and credentials import or type with. */
const BUILD_TOOLS = ['typescript', 'n8n-workflow', 'zod', '@types/node'];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${relative(ROOT, cwd) || '.'}`);
	return result.stdout;
}

/** The lockfile entry `name` resolves to from the entry at `from`, as Node resolves it. */
function resolveIn(packages, from, name) {
	for (let base = from; ; base = base.slice(0, Math.max(base.lastIndexOf('/node_modules/'), 0))) {
		const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
		if (packages[candidate]) return candidate;
		if (!base) return undefined;
	}
}

/** The lockfile's entries the build tools need: each with its dependencies, optional ones and required peers. */
function closure(packages) {
	const needed = new Set();
	const pending = BUILD_TOOLS.map((name) => resolveIn(packages, '', name));
	while (pending.length) {
		const path = pending.pop();
		if (!path || needed.has(path)) continue;
		needed.add(path);
		const entry = packages[path];
		const peers = Object.keys(entry.peerDependencies ?? {}).filter(
			(name) => !entry.peerDependenciesMeta?.[name]?.optional,
		);
		const names = [...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers];
		for (const name of names) pending.push(resolveIn(packages, path, name));
	}
	return needed;
}

/** Installs the build tools alone into .tmp/build-tools, from a lockfile cut out of the project's. */
function installBuildTools() {
	const manifest = readJson(join(ROOT, 'package.json'));
	const lock = readJson(join(ROOT, 'package-lock.json'));
	const devDependencies = Object.fromEntries(BUILD_TOOLS.map((name) => [name, manifest.devDependencies[name]]));
	const root = { name: 'n8n-nodes-svc-build-tools', private: true, devDependencies };
	const packages = { '': root };
	for (const path of closure(lock.packages)) packages[path] = lock.packages[path];
	rmSync(TOOLS, { recursive: true, force: true });
	mkdirSync(TOOLS, { recursive: true });
	writeFileSync(join(TOOLS, 'package.json'), `${JSON.stringify(root, null, '\t')}\n`);
	writeFileSync(
		join(TOOLS, 'package-lock.json'),
		`${JSON.stringify({ ...root, lockfileVersion: 3, requires: true, packages }, null, '\t')}\n`,
	);
	// Nothing runs at install: the build reads these packages' files, it never runs their code but the compiler's.
	run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], TOOLS);
}

/** The files `n8n-node build` copies into dist/ beside the compiled code: icons and output schemas. */
function staticFiles(folder = ROOT) {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.name.startsWith('.') || entry.name === 'node_modules' || path === join(ROOT, 'dist')) return [];
		if (entry.isDirectory()) return staticFiles(path);
		const schema = relative(ROOT, path).split('/').includes('__schema__') && entry.name.endsWith('.json');
		return /\.(png|svg)$/.test(entry.name) || schema ? [path] : [];
	});
}

function build() {
	rmSync(join(ROOT, 'dist'), { recursive: true, force: true });
	run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], ROOT);
	for (const file of staticFiles()) cpSync(file, join(ROOT, 'dist', relative(ROOT, file)));
}

const borrowed = !existsSync(join(ROOT, 'node_modules'));
try {
	if (borrowed) {
		installBuildTools();
		symlinkSync(join(TOOLS, 'node_modules'), join(ROOT, 'node_modules'), 'dir');
	}
	build();
	// The build is done: npm pack's own (prepack: npm run build) needs n8n's node CLI, which is not installed here.
	const tarball = run('npm', ['pack', '--ignore-scripts', '--silent'], ROOT).trim().split('\n').pop();
	process.stdout.write(`${tarball}\n`);
} finally {
	if (borrowed) {
		rmSync(join(ROOT, 'node_modules'), { force: true });
		rmSync(TOOLS, { recursive: true, force: true });
	}
}
