/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The README reads top-down for a newcomer: what the package is and a screenshot, then a Quick start within its
 * first 40 lines, at most 250 lines in all, every template in its table, and under Development the two commands
 * that set up and test a fresh clone. The users' pages (the README and docs/, DEVELOPMENT.md aside) hold no notes
 * for developers, and every link in them leads somewhere.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

import { EXAMPLE_FILES } from '../../examples/examples';
import { plain, readDoc, ROOT, tableRows } from './declared';

const README = readDoc('README.md');
const lines = README.split('\n');
const USER_PAGES = [
	'README.md',
	'CHANGELOG.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md') && name !== 'DEVELOPMENT.md')
		.map((name) => `docs/${name}`),
];

/** What only a developer of the package would follow: the service's documents by number, test files, suites. */
const INTERNAL: RegExp[] = [
	/\bdocument [1-3]\b/i,
	/[\w/.-]+\.(test|e2e)\.ts\b/,
	// scripts/pack-from-clone.mjs is a user's: the README's install from a clone runs it.
	/(^|[\s(`])(test|bench|devkit|scripts)\/(?!pack-from-clone\.mjs)[\w/.-]*/,
	/\bnpm run (soak|bench|chaos|redirects|bad-answers|conformance|test:e2e|examples|simulator)\b/,
	/\bsoak\b/i,
	/\.ci\/run\b/,
];

/** GitHub's anchor for a heading. */
const anchorOf = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s-]/gu, '')
		.replace(/\s/g, '-');

describe('the README', () => {
	it('is at most 250 lines', () => {
		expect(lines.length).toBeLessThanOrEqual(250);
	});

	it('says what the package is and shows it, then starts with a Quick start within its first 40 lines', () => {
		const quickStart = lines.indexOf('## Quick start');
		expect(quickStart).toBeGreaterThan(0);
		expect(quickStart).toBeLessThan(40);
		const before = lines.slice(0, quickStart).join('\n');
		expect(before).toMatch(/!\[[^\]]+\]\(docs\/[^)]+\.(jpg|png)\)/);
		expect(lines.slice(0, quickStart).filter((line) => line.startsWith('## '))).toEqual([]);
	});

	it('gives under Development the two commands that set up and test a fresh clone', () => {
		const development = README.slice(README.indexOf('## Development'));
		const blocks = [...development.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1].trim());
		expect(blocks).toEqual(['npm ci && npm test', 'npm start']);
	});

	it('lists every template, linked', () => {
		const [, ...rows] = tableRows(README, '| Template |');
		expect(rows.map((row) => row[0]).sort()).toEqual(
			EXAMPLE_FILES.map((file) => `[${file.replace(/\.json$/, '')}](examples/${file})`).sort(),
		);
		expect(rows.map((row) => plain(row[0]))).toHaveLength(EXAMPLE_FILES.length);
	});
});

describe.each(USER_PAGES)('%s', (page) => {
	const text = readDoc(page);

	it('holds no notes for developers (the documents by number, test files, test suites)', () => {
		const found = text
			.split('\n')
			.flatMap((line, index) => INTERNAL.filter((pattern) => pattern.test(line)).map(() => `${index + 1}: ${line}`));
		expect(found).toEqual([]);
	});

	it('links only to files and headings that exist', () => {
		const broken: string[] = [];
		for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
			if (/^(https?:|mailto:)/.test(target)) continue;
			const [path, anchor] = target.split('#');
			const file = path ? normalize(join(dirname(page), path)) : page;
			if (!existsSync(join(ROOT, file))) broken.push(target);
			else if (anchor && file.endsWith('.md')) {
				const headings = readDoc(file)
					.split('\n')
					.filter((line) => /^#{1,6} /.test(line))
					.map((line) => anchorOf(line.replace(/^#+ /, '')));
				if (!headings.includes(anchor)) broken.push(target);
			}
		}
		expect(broken).toEqual([]);
	});
});
