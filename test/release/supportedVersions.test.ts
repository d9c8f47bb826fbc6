/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README's supported-versions table names each n8n line the e2e suite runs, at the version
 * scripts/n8n/install.sh pins, in the row shape scripts/supported-versions.mjs rewrites after a passing run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { N8N_LINES } from '../../devkit/n8n/runtime';

const ROOT = join(__dirname, '..', '..');
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const INSTALL = readFileSync(join(ROOT, 'scripts', 'n8n', 'install.sh'), 'utf8');

it.each(N8N_LINES)('n8n %s has a row at the version the e2e suite installs, with the day CI proved it', (line) => {
	const pinned = new RegExp(`^\\t${line.replace('.', '\\.')}\\) version=([\\d.]+) `, 'm').exec(INSTALL)?.[1];
	expect(pinned).toBeDefined();
	const row = README.split('\n').find((text) => text.startsWith(`| ${line}.x (`));
	expect(row).toMatch(
		new RegExp(
			`^\\| ${line.replace('.', '\\.')}\\.x \\(${pinned!.replace(/\./g, '\\.')}\\) \\|.*\\| \\d{4}-\\d{2}-\\d{2} \\|$`,
		),
	);
});
