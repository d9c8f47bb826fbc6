/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * One way to declare an operation: every operation a node's router knows is the file
 * `nodes/<Node>/actions/<resource>/<operation>.operation.ts` (a factory may build what differs only in data),
 * and its resource's `index.ts` imports it from there. The file holds its form: the list of its parameters,
 * each an object literal (spread over a named shared one where it has one) or the name of a shared literal,
 * as n8n's lint reads them; nothing builds a parameter but `withOptions`, which adds an operation's own
 * options to the Options collection every operation has (and `ifNameExistsOption`, one option for two kinds).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

import type { INodeProperties } from 'n8n-workflow';
import * as ts from 'typescript';

const NODES_DIR = resolve(__dirname, '..', '..', 'nodes');

const routers = readdirSync(NODES_DIR).filter((node) => existsSync(resolve(NODES_DIR, node, 'actions', 'router.ts')));

/** The router's table: the one export of `actions/router.ts` with `resources`. */
function resourcesOf(node: string): Record<string, Record<string, unknown>> {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- each node's router, found by its folder
	const exports = require(resolve(NODES_DIR, node, 'actions', 'router.ts')) as Record<string, unknown>;
	const table = Object.values(exports).find(
		(value): value is { resources: Record<string, Record<string, unknown>> } =>
			typeof value === 'object' && value !== null && 'resources' in value,
	);
	if (!table) throw new Error(`${node}/actions/router.ts exports no table of resources`);
	return table.resources;
}

it('finds the routers', () => {
	expect(routers).toEqual(expect.arrayContaining(['SvcDvs', 'SvcMcp', 'SvcStorage']));
});

/** The calls a form may hold, by the name of what they call. */
const BUILDERS = new Set(['withOptions', 'ifNameExistsOption']);

/**
 * The form an operation file declares: its `properties` list, or the list its `description` or its factory
 * (`export const { … } = registerOperation(…, [ … ])`) is given.
 */
function formOf(source: ts.SourceFile): ts.ArrayLiteralExpression | undefined {
	let form: ts.ArrayLiteralExpression | undefined;
	const visit = (node: ts.Node): void => {
		if (ts.isVariableDeclaration(node) && node.initializer) {
			const init = node.initializer;
			if (ts.isIdentifier(node.name) && node.name.text === 'properties' && ts.isArrayLiteralExpression(init))
				form = init;
			else if (ts.isCallExpression(init)) {
				const last = init.arguments[init.arguments.length - 1];
				if (!form && last && ts.isArrayLiteralExpression(last)) form = last;
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return form;
}

/** What in a list of parameters is neither written there nor named: built by a call no form may hold. */
function builtParameters(list: ts.ArrayLiteralExpression, source: ts.SourceFile): string[] {
	return list.elements.flatMap((element): string[] => {
		if (ts.isObjectLiteralExpression(element) || ts.isIdentifier(element)) return [];
		if (ts.isCallExpression(element) && ts.isIdentifier(element.expression) && BUILDERS.has(element.expression.text)) {
			const own = element.arguments.find(ts.isArrayLiteralExpression);
			return own ? builtParameters(own, source) : [];
		}
		return [element.getText(source)];
	});
}

describe.each(routers)('%s', (node) => {
	const operations = Object.entries(resourcesOf(node)).flatMap(([resource, ops]) =>
		Object.keys(ops).map((operation) => ({ resource, operation, ops })),
	);

	it.each(operations.map(({ resource, operation }) => `${resource}/${operation}`))(
		'%s has its actions/<resource>/<operation>.operation.ts',
		(name) => {
			const [resource, operation] = name.split('/');
			const file = resolve(NODES_DIR, node, 'actions', resource, `${operation}.operation.ts`);
			expect(existsSync(file)).toBe(true);
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- the same module the resource's index imports
			const declared = require(file) as Record<string, unknown>;
			const routed = operations.find((entry) => entry.resource === resource && entry.operation === operation);
			expect(routed?.ops[operation]).toBe(declared);
		},
	);

	it("routes every operation file: its resource's index.ts lists it", () => {
		const actions = resolve(NODES_DIR, node, 'actions');
		const files = readdirSync(actions, { withFileTypes: true })
			.filter((entry) => entry.isDirectory())
			.flatMap((folder) =>
				readdirSync(resolve(actions, folder.name))
					.filter((name) => name.endsWith('.operation.ts'))
					.map((name) => ({ resource: folder.name, operation: name.replace('.operation.ts', '') })),
			);
		expect(files.length).toBeGreaterThan(0);
		const unrouted = files
			.filter(
				(file) => !operations.some((entry) => entry.resource === file.resource && entry.operation === file.operation),
			)
			.map(
				(file) => `${node}/actions/${file.resource}/${file.operation}.operation.ts: not in ${file.resource}/index.ts`,
			);
		expect(unrouted).toEqual([]);
	});

	it.each(operations.map(({ resource, operation }) => `${resource}/${operation}`))(
		'%s holds its form: parameters written or named there, shown for this operation only',
		(name) => {
			const [resource, operation] = name.split('/');
			const file = resolve(NODES_DIR, node, 'actions', resource, `${operation}.operation.ts`);
			const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
			const form = formOf(source);
			expect(form).toBeDefined();
			expect(builtParameters(form!, source)).toEqual([]);
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- the module the router runs
			const { description } = require(file) as { description: INodeProperties[] };
			expect(description).toHaveLength(form!.elements.length);
			for (const parameter of description)
				expect([parameter.name, parameter.displayOptions?.show]).toEqual([
					parameter.name,
					expect.objectContaining({ resource: [resource], operation: [operation] }),
				]);
		},
	);
});
