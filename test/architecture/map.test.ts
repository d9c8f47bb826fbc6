/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * ARCHITECTURE.md is a map a newcomer reads in 15 minutes: at most 2,500 words (about 160 a minute), the count
 * printed. The reference detail lives beside what it describes (the write executor's README, docs/DEVELOPMENT.md),
 * and every file or folder the map and that README name in `code` is one that is there (the recipe's new files
 * excepted: recipe.test.ts holds those to places that are there).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const MOST_WORDS = 2500;
const EXECUTOR_README = 'nodes/shared/services/exactlyOnce/README.md';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** Words as `wc -w` counts them (the count issue 57 gave): what whitespace separates. */
const wordsOf = (markdown: string): number => markdown.split(/\s+/).filter(Boolean).length;

/** The files of the repository (tracked or new), as paths from its root. */
function repositoryFiles(): string[] {
	const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	return listed.split('\n').filter(Boolean);
}

/**
 * The paths a document names in `code`: a file (`x.ts`, `x.md`, `x.json`) or a folder (`x/`), given from the root
 * or from any folder above it (`services/dvs/readBack.ts`). Patterns (`<Node>`, `*`, `{Rest,Mcp}`) and URLs are not
 * paths; the recipe's section is left to recipe.test.ts.
 */
function namedPaths(markdown: string): string[] {
	const text = markdown.split(/^## /m).filter((part) => !part.startsWith('Add an operation'));
	return [...new Set(text.join('').matchAll(/`([^`\s]+)`/g))]
		.map((match) => match[1])
		.filter((name) => /(\.(ts|md|json)|\/)$/.test(name) && !/[<>*{}]/.test(name) && !name.startsWith('/'));
}

function isThere(path: string, files: string[]): boolean {
	if (existsSync(join(ROOT, path))) return true;
	return files.some((file) => file.endsWith(`/${path}`) || file.includes(`/${path.replace(/\/?$/, '/')}`));
}

it(`ARCHITECTURE.md reads in 15 minutes: at most ${MOST_WORDS} words`, () => {
	const words = wordsOf(read('ARCHITECTURE.md'));
	console.log(`ARCHITECTURE.md: ${words} words (at most ${MOST_WORDS})`);
	expect(words).toBeLessThanOrEqual(MOST_WORDS);
});

it.each(['ARCHITECTURE.md', EXECUTOR_README])('every file %s names is there', (document) => {
	const files = repositoryFiles();
	const missing = namedPaths(read(document)).filter((path) => !isThere(path, files));
	expect(missing).toEqual([]);
});
