/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README's installs are the ones the e2e suite runs (devkit/n8n/runtime.ts `installCommand`): the npm install
 * of the published package, and the clone block whose last line installs the tarball `npm pack` writes. If either
 * side changes alone, this fails. test/e2e/install.e2e.ts then runs the clone block as written, from a clean clone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NODES_FOLDER_MANIFEST, PACKAGE_NAME, installCommand } from '../../devkit/n8n/runtime';
import { CLONE_MARKER, NPM_MARKER, README, readmeShellBlock } from './readmeInstall';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as {
	version: string;
	scripts: Record<string, string>;
};
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
		expect(clone).toContain(`cd ${folder} && rm -f ${tarballs} && npm ci && npm pack`);
		expect(installs(clone)).toEqual([installCommand(`${folder}/${tarballs}`).join(' ')]);
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
