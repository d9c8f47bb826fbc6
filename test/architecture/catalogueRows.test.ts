/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * One row per action of an API, declared in the catalogue (transport/restCatalogue.ts, transport/mcp/toolCatalogue.ts
 * and the transport modules they are built from), and named everywhere else by its row (`REST.createFolder`,
 * `MCP_TOOLS.getDoc`), never by its wire name: checked on the code's syntax, not its text. No string literal of a
 * module outside the catalogue (comments aside) is an action's name; the catalogue imports nothing above the
 * transport; and only the layers that call an action (transport, adapters, the services' types of a row) and the
 * operation files that name the row they call import it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

import { REST_ACTIONS } from '../../nodes/shared/transport/restCatalogue';
import { MCP_TOOL_ROWS } from '../../nodes/shared/transport/mcp/toolCatalogue';
import { DOCUMENTED_PREFIX } from '../../nodes/shared/transport/mcp/toolList';

const NODES = resolve(__dirname, '..', '..', 'nodes');
const ROOTS = ['shared/transport/restCatalogue.ts', 'shared/transport/mcp/toolCatalogue.ts'];

function sources(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sources(path);
		return name.endsWith('.ts') ? [relative(NODES, path).replace(/\\/g, '/')] : [];
	});
}

/** The string and template texts of a module (its literals, never its comments), and the modules it imports. */
function read(text: string, file = 'x.ts'): { literals: string[]; imports: string[] } {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const literals: string[] = [];
	const imports: string[] = [];
	const visit = (node: ts.Node): void => {
		if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
			const specifier = node.moduleSpecifier;
			if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
				imports.push(`${join(dirname(file), specifier.text).replace(/\\/g, '/')}.ts`);
			return;
		}
		if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) literals.push(node.text);
		ts.forEachChild(node, visit);
	};
	visit(source);
	return { literals, imports };
}

const modules = new Map(sources(NODES).map((file) => [file, read(readFileSync(join(NODES, file), 'utf8'), file)]));

/** The catalogue: its two modules and the transport modules they are built from. */
function catalogueModules(): Set<string> {
	const found = new Set<string>();
	const visit = (file: string) => {
		if (found.has(file) || !file.startsWith('shared/transport/')) return;
		found.add(file);
		for (const imported of modules.get(file)?.imports ?? []) visit(imported);
	};
	ROOTS.forEach(visit);
	return found;
}

const CATALOGUE = catalogueModules();
const NAMES = new Set([
	...REST_ACTIONS.map((row) => row.name),
	...MCP_TOOL_ROWS.flatMap((row) => [row.suffix, `${DOCUMENTED_PREFIX}${row.suffix}`]),
]);

it('names every action only in the catalogue: elsewhere by its row, never by its wire name', () => {
	expect(NAMES.size).toBeGreaterThan(40);
	const declaring = new Map<string, Set<string>>();
	const outside: string[] = [];
	for (const [file, { literals }] of modules) {
		for (const literal of literals.filter((text) => NAMES.has(text))) {
			if (!CATALOGUE.has(file)) outside.push(`${file}: '${literal}'`);
			declaring.set(literal, (declaring.get(literal) ?? new Set()).add(file));
		}
	}
	expect(outside).toEqual([]);
	// Every row's name is written where the row is declared.
	expect([...NAMES].filter((name) => !name.startsWith(DOCUMENTED_PREFIX) && !declaring.has(name))).toEqual([]);
});

it('builds the catalogue from the transport alone', () => {
	const above = [...CATALOGUE].flatMap((file) =>
		(modules.get(file)?.imports ?? [])
			.filter((imported) => !imported.startsWith('shared/transport/'))
			.map((imported) => `${file} imports ${imported}`),
	);
	expect(above).toEqual([]);
});

/** Who may name an action's row: the layers that call one, and an operation naming the row it calls. */
const MAY_IMPORT = [/^shared\/(transport|adapters|services)\//, /^Svc\w+\/actions\/.+\.ts$/];

it('is imported only by the layers that call an action and by the operations that name one', () => {
	const importers = [...modules].filter(
		([file, { imports }]) => !CATALOGUE.has(file) && imports.some((imported) => CATALOGUE.has(imported)),
	);
	console.log(`the catalogue: ${CATALOGUE.size} modules, imported by ${importers.length} of nodes/`);
	expect(importers.length).toBeGreaterThan(5);
	expect(importers.map(([file]) => file).filter((file) => !MAY_IMPORT.some((allowed) => allowed.test(file)))).toEqual(
		[],
	);
});

it('reads literals, not comments', () => {
	const text =
		"// create_folder\nconst x = { y: 'svc_create_folder' }; /* get_doc */ f(`a ${b} c ${{ d }} move_file`);";
	expect(read(text).literals).toEqual(['svc_create_folder', 'a ', ' c ', ' move_file']);
});
