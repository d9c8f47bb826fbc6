/**
 * Each node's page lists every operation the node declares, once, by the labels n8n's editor shows (a trigger's
 * page: every Trigger On event), and says which run over MCP as the node does; the README's table of nodes and
 * operations does the same and links each node to its page.
 */
import { declaredOperations, displayNameOf, plain, readDoc, tableRows, type DeclaredOperation } from './declared';

const PAGES: Array<[string, string]> = [
	['n8n-nodes-svc.svcStorage', 'docs/svc-storage.md'],
	['n8n-nodes-svc.svcDvs', 'docs/svc-dvs.md'],
	['n8n-nodes-svc.svcMcp', 'docs/svc-mcp.md'],
	['n8n-nodes-svc.svcStorageTrigger', 'docs/svc-storage-trigger.md'],
	['n8n-nodes-svc.svcDvsTrigger', 'docs/svc-dvs-trigger.md'],
];

const keyOf = (operation: Pick<DeclaredOperation, 'resource' | 'operation'>) =>
	`${operation.resource} → ${operation.operation}`;

describe.each(PAGES)('%s: its page, %s,', (type, page) => {
	const declared = declaredOperations(type);
	const isTrigger = declared[0].resource === 'Event';
	const table = () => tableRows(readDoc(page), isTrigger ? '| Trigger On |' : '| Resource | Operation |');

	it('lists every operation the node declares, once, with the labels the editor shows', () => {
		const [, ...rows] = table();
		const listed = rows.map((row) =>
			isTrigger
				? keyOf({ resource: 'Event', operation: plain(row[0]) })
				: keyOf({ resource: plain(row[0]), operation: plain(row[1]) }),
		);
		expect(listed.sort()).toEqual(declared.map(keyOf).sort());
	});

	it('says of each operation whether it runs over MCP as the node does', () => {
		const [header, ...rows] = table();
		const column = header.indexOf('Over MCP');
		if (column < 0) return expect(type).toMatch(/Trigger$|svcMcp$/);
		const said = Object.fromEntries(rows.map((row) => [keyOf({ resource: row[0], operation: row[1] }), row[column]]));
		expect(said).toEqual(Object.fromEntries(declared.map((operation) => [keyOf(operation), operation.overMcp])));
	});
});

describe("the README's table of nodes and operations", () => {
	it.each(PAGES)('lists %s with every operation, linked to %s', (type, page) => {
		const [, ...rows] = tableRows(readDoc('README.md'), '| Node | Resource | Operations |');
		const name = displayNameOf(type);
		const mine = rows.filter((row) => plain(row[0]) === name);
		expect(mine.map((row) => row[0])).toEqual(mine.map(() => `[${name}](${page})`));
		const listed = mine.flatMap((row) =>
			plain(row[2])
				.split(', ')
				.map((operation) => keyOf({ resource: plain(row[1]) || 'Event', operation })),
		);
		expect(listed.sort()).toEqual(declaredOperations(type).map(keyOf).sort());
	});
});
