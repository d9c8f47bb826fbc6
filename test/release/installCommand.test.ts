/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README's installs are the ones the e2e suite runs (devkit/n8n/runtime.ts `installCommand`): the npm install
 * of the published package, and the clone block whose last line installs the tarball scripts/pack-from-clone.mjs
 * just packed. If either side changes alone, this fails. test/e2e/install.e2e.ts then runs the clone block as
 * written, from a clean clone.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

import { NODES_FOLDER_MANIFEST, PACKAGE_NAME, installCommand } from '../../devkit/n8n/runtime';
import { CLONE_MARKER, NPM_MARKER, README, readmeShellBlock } from './readmeInstall';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	scripts: Record<string, string>;
	devDependencies: Record<string, string>;
};

/** The packages scripts/pack-from-clone.mjs installs to build a clone. */
function buildTools(): string[] {
	const script = readFileSync(join(ROOT, 'scripts', 'pack-from-clone.mjs'), 'utf8');
	const list = /const BUILD_TOOLS = \[([^\]]*)\]/.exec(script)?.[1] ?? '';
	return [...list.matchAll(/'([^']+)'/g)].map((match) => match[1]);
}

/** The packages the shipped code imports, types included: what compiling it reads. */
function importedPackages(): string[] {
	const files = ['nodes', 'credentials'].flatMap((folder) =>
		readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
			.filter((path) => path.endsWith('.ts'))
			.map((path) => join(ROOT, folder, path)),
	);
	const specifiers = files.flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom '([^'.][^']*)';/gm)].map(
			(match) => match[1],
		),
	);
	const packages = specifiers.map((specifier) =>
		specifier
			.split('/')
			.slice(0, specifier.startsWith('@') ? 2 : 1)
			.join('/'),
	);
	return [...new Set(packages)].filter((name) => !builtinModules.includes(name.replace(/^node:/, '')));
}
const installs = (lines: string[]) => lines.filter((line) => line.startsWith('npm install'));

describe("the README's install commands and the e2e suite's", () => {
	it('install the published package with the same npm command', () => {
		expect(installs(readmeShellBlock(NPM_MARKER))).toEqual([installCommand(PACKAGE_NAME).join(' ')]);
	});

	it('install the tarball the clone just packed, whatever its version, with the same command', () => {
		const clone = readmeShellBlock(CLONE_MARKER);
		const folder = /^git clone \S+ (\S+)$/.exec(clone[0])?.[1];
		expect(folder).toBeDefined();
		const tarballs = `${PACKAGE_NAME}-*.tgz`;
		// An earlier version's tarball (git ignores *.tgz, so a pull keeps it) is removed before packing the new one.
		expect(clone).toContain(`cd ${folder} && rm -f ${tarballs} && node scripts/pack-from-clone.mjs`);
		expect(installs(clone)).toEqual([installCommand(`${folder}/${tarballs}`).join(' ')]);
	});

	it('build a clone with the compiler and every package the shipped code imports, at the pinned versions', () => {
		const tools = buildTools();
		expect(tools).toEqual(expect.arrayContaining(['typescript', '@types/node', ...importedPackages()]));
		for (const tool of tools) expect(manifest.devDependencies[tool]).toMatch(/^\d+\.\d+\.\d+$/);
	});

	it('pack a clone that was never built: npm pack builds first', () => {
		expect(manifest.scripts.prepack).toBe('npm run build');
	});

	it('give the nodes folder the same package.json when it has none', () => {
		for (const marker of [CLONE_MARKER, NPM_MARKER])
			expect(readmeShellBlock(marker)).toContain(
				`[ -f package.json ] || echo '${NODES_FOLDER_MANIFEST}' > package.json`,
			);
	});

	it('update with the same flags', () => {
		const blocks = [...readmeShellBlock(CLONE_MARKER), ...readmeShellBlock(NPM_MARKER)];
		const others = README.split('\n').filter((line) => line.includes('npm install') && !blocks.includes(line.trim()));
		expect(others.filter((line) => line.includes(`${PACKAGE_NAME}@latest`)).length).toBeGreaterThan(0);
		const flags = installCommand(PACKAGE_NAME).slice(0, -1).join(' ');
		for (const line of others) expect(line).toContain(`${flags} `);
	});
});
