/**
 * Every action the product calls is one the simulator serves: each row of the REST catalogue
 * (restCatalogue.ts `REST`) has a handler registered in the simulator's REST side, with the method
 * the row sends, and each row of the tool catalogue (mcp/toolCatalogue.ts `MCP_TOOLS`) a tool of the
 * simulator's MCP endpoint, listed when the deployment turns every switch on; and the endpoint lists no tool
 * the catalogue lacks. A new row without its handler fails here, naming the row and where its handler is
 * written.
 */
import { DVS_ACTIONS, SECTION_ACTIONS } from '../../devkit/simulator/dvs';
import { defaultSettings } from '../../devkit/simulator/mcp';
import { enabledTools } from '../../devkit/simulator/mcp/tools/registry';
import { LEGACY_SCRIPTS, V2_ACTIONS } from '../../devkit/simulator/storage/router';
import type { StorageActions } from '../../devkit/simulator/storage/context';
import { REST_ACTIONS, type RestAction } from '../../nodes/shared/transport/restCatalogue';
import { MCP_TOOL_ROWS } from '../../nodes/shared/transport/mcp/toolCatalogue';

const handlerIn = (table: object, name: string) => Object.hasOwn(table, name);

/** What is missing for a REST row, or undefined when the simulator serves it. */
function restGap(row: RestAction): string | undefined {
	const missing = (where: string) => `rest ${row.name} (${row.api}): no handler in ${where}`;
	switch (row.api) {
		case 'storage':
			// Every V2 action answers POST only (document 1).
			if (!handlerIn(V2_ACTIONS, row.name)) return missing('storage/router.ts V2_ACTIONS (write it in storage/v2/)');
			return row.method === 'POST' ? undefined : `rest ${row.name}: the simulator's V2 actions answer POST only`;
		case 'script': {
			const scripts: StorageActions = LEGACY_SCRIPTS;
			if (!handlerIn(scripts, row.name))
				return missing('storage/router.ts LEGACY_SCRIPTS (write it in storage/legacy/)');
			return row.method === 'POST' && scripts[row.name].getOnly
				? `rest ${row.name}: sent with POST, but the simulator's script is getOnly`
				: undefined;
		}
		case 'dvs':
			return handlerIn(DVS_ACTIONS, row.name) ? undefined : missing('dvs/actions.ts DVS_ACTIONS');
	}
}

it('serves every REST catalogue row', () => {
	expect(REST_ACTIONS.map(restGap).filter((gap) => gap !== undefined)).toEqual([]);
});

it('serves every MCP catalogue row with a tool, and each mirrored DVS action in the registers the row names', () => {
	const allOn = defaultSettings({ writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true });
	const tools = new Set(enabledTools(allOn).map((tool) => tool.name));
	const gaps = MCP_TOOL_ROWS.flatMap((row) => {
		const gap = tools.has(row.suffix)
			? []
			: [`mcp svc_${row.suffix}: no tool in the simulator (write it in mcp/tools/, in its file's list of tools)`];
		const mirrored = row.mirrors;
		if (!mirrored || !handlerIn(DVS_ACTIONS, mirrored.action.name)) return gap;
		const offered = SECTION_ACTIONS as Record<string, readonly string[]>;
		const missing = mirrored.registers.filter((register) => !offered[register].includes(mirrored.action.name));
		return missing.length === 0
			? gap
			: [...gap, `mcp svc_${row.suffix}: dvs ${mirrored.action.name} is not offered in ${missing.join(', ')}`];
	});
	expect(gaps).toEqual([]);
});

it("offers no MCP tool the catalogue lacks (what the endpoint lists is document 2's, as the catalogue declares it)", () => {
	const allOn = defaultSettings({ writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true });
	const declared = new Set(MCP_TOOL_ROWS.map((row) => row.suffix));
	const extra = enabledTools(allOn)
		.filter((tool) => !declared.has(tool.name))
		.map((tool) => `svc_${tool.name}: a tool of the simulator with no row in nodes/shared/transport/catalogue/`);
	expect(extra).toEqual([]);
});

it('reads the catalogues and the registered handlers (an empty one would check nothing)', () => {
	const tables = [
		REST_ACTIONS,
		MCP_TOOL_ROWS,
		Object.keys(V2_ACTIONS),
		Object.keys(LEGACY_SCRIPTS),
		Object.keys(DVS_ACTIONS),
	];
	expect(tables.filter((table) => table.length === 0)).toEqual([]);
});
