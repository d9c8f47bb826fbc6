/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * ARCHITECTURE.md's "Add an operation" names every file a new operation touches until `npm test` is green, one
 * numbered step each: at most ten, each a place that is there (the example operation's own new files: a folder
 * that holds files of their kind). Printed, so the count is a figure anyone can read off a run.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const MOST_FILES = 10;

/** The first path of each numbered step of the section. */
function recipeFiles(markdown: string): string[] {
	const section = markdown.split(/^## /m).find((part) => part.startsWith('Add an operation'));
	if (!section) throw new Error('ARCHITECTURE.md has no "Add an operation"');
	return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((step) => step[1]);
}

/** A file that is there, or a new one of a kind its folder already holds (`copy.operation.ts` beside others). */
function isAPlace(path: string): boolean {
	const full = join(ROOT, path);
	if (existsSync(full)) return true;
	const kind = basename(path).replace(/^[^.]+/, '');
	return existsSync(dirname(full)) && readdirSync(dirname(full)).some((name) => name.endsWith(kind));
}

it(`names at most ${MOST_FILES} files to add an operation, each a place that is there`, () => {
	const files = recipeFiles(readFileSync(join(ROOT, 'ARCHITECTURE.md'), 'utf8'));
	console.log(
		`Add an operation (ARCHITECTURE.md): ${files.length} files\n${files.map((f, i) => `${i + 1}. ${f}`).join('\n')}`,
	);
	expect(files.length).toBeGreaterThan(0);
	expect(files.length).toBeLessThanOrEqual(MOST_FILES);
	expect(new Set(files).size).toBe(files.length);
	expect(files.filter((file) => !isAPlace(file))).toEqual([]);
});
