/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * One row per REST action and per MCP tool (restCatalogue.ts, mcp/toolCatalogue.ts) holds what the
 * node decides about it, so an action's name is written in few places: each name of either
 * catalogue is named (as a quoted string or an identifier, not in a comment) in at most 3 files of
 * nodes/. An MCP tool also counts where it is named with the documented prefix (`svc_…`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

import { REST_ACTIONS } from '../../nodes/shared/transport/restCatalogue';
import { MCP_TOOL_ROWS } from '../../nodes/shared/transport/mcp/toolCatalogue';

const MOST_FILES = 3;
const root = resolve(__dirname, '..', '..');

function sourceFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return sourceFiles(path);
		return entry.name.endsWith('.ts') ? [path] : [];
	});
}

/** The identifiers and the texts of the string and template literals of a file, without its comments. */
function namesIn(text: string): string[] {
	const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, text);
	const names: string[] = [];
	const literal = new Set([
		ts.SyntaxKind.Identifier,
		ts.SyntaxKind.StringLiteral,
		ts.SyntaxKind.NoSubstitutionTemplateLiteral,
		ts.SyntaxKind.TemplateHead,
	]);
	// What each open brace belongs to: a block or object, or a template's `${`.
	const braces: Array<'block' | 'template'> = [];
	for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
		if (kind === ts.SyntaxKind.OpenBraceToken) braces.push('block');
		if (kind === ts.SyntaxKind.TemplateHead) braces.push('template');
		if (kind === ts.SyntaxKind.CloseBraceToken && braces.pop() === 'template') {
			// The rest of the template, up to its next `${` or its end.
			kind = scanner.reScanTemplateToken(false);
			if (kind === ts.SyntaxKind.TemplateMiddle) braces.push('template');
			names.push(scanner.getTokenValue());
		}
		if (literal.has(kind)) names.push(scanner.getTokenValue());
	}
	return names;
}

const files = sourceFiles(join(root, 'nodes')).map((path) => {
	const text = readFileSync(path, 'utf8');
	return { path: relative(root, path), text, names: namesIn(text) };
});

const naming = (name: string) => new RegExp(`(^|[^A-Za-z0-9_])(svc_)?${name}($|[^A-Za-z0-9_])`);

/** The files of nodes/ naming `name` (alone, or as the `svc_` tool name), in a literal or as an identifier. */
function filesNaming(name: string): string[] {
	const pattern = naming(name);
	return files.filter((file) => file.names.some((text) => pattern.test(text))).map((file) => file.path);
}

/** The same, comments included: where comments cite the API by the action's name, as the house style asks. */
function filesMentioning(name: string): string[] {
	const pattern = naming(name);
	return files.filter((file) => pattern.test(file.text)).map((file) => file.path);
}

const catalogueNames = [
	...new Set([...REST_ACTIONS.map((row) => row.name), ...MCP_TOOL_ROWS.map((row) => row.suffix)]),
];

it(`each REST action and MCP tool is named in at most ${MOST_FILES} files of nodes/`, () => {
	const counts = catalogueNames.map((name) => ({ name, files: filesNaming(name) }));
	expect(counts.length).toBeGreaterThan(40);
	const largest = counts.reduce((most, count) => (count.files.length > most.files.length ? count : most));
	const cited = catalogueNames
		.map((name) => ({ name, files: filesMentioning(name) }))
		.reduce((most, count) => (count.files.length > most.files.length ? count : most));
	console.log(
		`largest: ${largest.name} in ${largest.files.length} files of nodes/ ` +
			`(with comments citing the API by name: ${cited.name} in ${cited.files.length})`,
	);
	const over = counts
		.filter((count) => count.files.length > MOST_FILES)
		.map((count) => `${count.name}: ${count.files.join(', ')}`);
	expect(over).toEqual([]);
});

it('the count reads names, not comments', () => {
	const text =
		"// create_folder\nconst x = { y: 'svc_create_folder' }; /* get_doc */ f(`a ${b} c ${{ d }} move_file`);";
	expect(namesIn(text)).toEqual(['x', 'y', 'svc_create_folder', 'f', 'a ', 'b', ' c ', 'd', ' move_file']);
});
