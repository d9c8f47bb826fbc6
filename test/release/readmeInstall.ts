/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README's install blocks, as a user copies them: the shell lines of the first ```sh block after a marker.
 * The release tests hold them to the e2e suite's commands; test/e2e/install.e2e.ts runs the clone block.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const README = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');

/** Installs from a clone: clone, `npm ci && npm pack`, then the npm install of the packed tarball. */
export const CLONE_MARKER = '**From a clone';
/** Installs the published package by name. */
export const NPM_MARKER = '**With npm';

export function readmeShellBlock(marker: string): string[] {
	const at = README.indexOf(marker);
	if (at < 0) throw new Error(`README.md has no "${marker}"`);
	const block = /```sh\n([\s\S]*?)```/.exec(README.slice(at));
	if (!block) throw new Error(`README.md has no \`\`\`sh block after "${marker}"`);
	return block[1]
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);
}
