/** Which registers run over MCP is said twice, at two layers: each register's `runsOver` (the action list, the refusal) and the MCP adapter's reach (lookups across registers). They must agree. */
import { MCP_DVS_SECTIONS } from '../../nodes/shared/adapters/dvs/McpDvsAdapter';
import { dvsActions } from '../../nodes/SvcDvs/actions/router';
import { SECTION_OF } from '../../nodes/SvcDvs/actions/sections';

it.each(Object.entries(SECTION_OF))(
	'the %s register runs over MCP exactly when the MCP adapter reaches %s',
	(resource, section) => {
		const operations = Object.values(dvsActions.resources[resource]);
		expect(operations.length).toBeGreaterThan(0);
		const reached = (MCP_DVS_SECTIONS as readonly string[]).includes(section);
		for (const operation of operations)
			expect([operation.option.name, operation.runsOver.includes('mcp')]).toEqual([operation.option.name, reached]);
	},
);
