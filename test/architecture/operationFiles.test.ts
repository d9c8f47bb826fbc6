/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * One way to declare an operation: every operation a node's router knows is the file
 * `nodes/<Node>/actions/<resource>/<operation>.operation.ts` (a factory may build it, the file is
 * still where a reader looks), and its resource's `index.ts` imports it from there.
 */
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

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
});
