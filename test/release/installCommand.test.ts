/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README's npm install is the one the e2e suite runs (devkit/n8n/runtime.ts, with the packed tarball
 * for the package name): if either changes alone, this fails. The e2e then proves the command gives n8n's
 * own tree (test/e2e/install.e2e.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { NODES_FOLDER_MANIFEST, PACKAGE_NAME, installCommand } from '../../devkit/n8n/runtime';

const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/** The shell lines of the README's "With npm" block. */
function npmBlock(): string[] {
	const section = README.slice(README.indexOf('**With npm**'));
	const block = /```sh\n([\s\S]*?)```/.exec(section);
	if (!block) throw new Error('README.md has no ```sh block after **With npm**');
	return block[1].split('\n').map((line) => line.trim());
}

describe("the README's install commands and the e2e suite's", () => {
	const lines = npmBlock();

	it('run the same npm install', () => {
		const install = lines.filter((line) => line.startsWith('npm install'));
		expect(install).toEqual([installCommand(PACKAGE_NAME).join(' ')]);
	});

	it('give the nodes folder the same package.json when it has none', () => {
		expect(lines).toContain(`[ -f package.json ] || echo '${NODES_FOLDER_MANIFEST}' > package.json`);
	});

	it('update, install a tarball and build the Docker image with the same flags', () => {
		const others = README.split('\n').filter((line) => line.includes('npm install') && !lines.includes(line.trim()));
		expect(others.filter((line) => line.includes(`${PACKAGE_NAME}@latest`)).length).toBeGreaterThan(0);
		const flags = installCommand(PACKAGE_NAME).slice(0, -1).join(' ');
		for (const line of others) expect(line).toContain(`${flags} `);
	});
});
