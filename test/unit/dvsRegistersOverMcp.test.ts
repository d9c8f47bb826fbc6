/** Which registers run over MCP is said twice, at two layers: each register's `runsOver` (the action list, the refusal) and the MCP adapter's reach (lookups across registers). They must agree. */
import { MCP_DVS_REGISTERS } from '../../nodes/shared/adapters/dvs/McpDvsAdapter';
import { dvsActions } from '../../nodes/SvcDvs/actions/router';
import { REGISTER_OF } from '../../nodes/SvcDvs/registers/names';

it.each(Object.entries(REGISTER_OF))(
	'the %s register runs over MCP exactly when the MCP adapter reaches %s',
	(resource, register) => {
		const operations = Object.values(dvsActions.resources[resource]);
		expect(operations.length).toBeGreaterThan(0);
		const reached = (MCP_DVS_REGISTERS as readonly string[]).includes(register);
		for (const operation of operations)
			expect([operation.option.name, operation.runsOver.includes('mcp')]).toEqual([operation.option.name, reached]);
	},
);
