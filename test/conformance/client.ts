/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The client command the official MCP conformance suite launches: `tsx test/conformance/client.ts
 * <server-url>`, with the scenario in MCP_CONFORMANCE_SCENARIO. It runs the Svc MCP node through
 * n8n's engine (the harness) with an API-token credential whose MCP Endpoint URL is the suite's
 * server, as a user's workflow would, and exits non-zero when the node fails.
 */
import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../devkit/harness';

const [serverUrl] = process.argv.slice(2);
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const revision = process.env.SVC_CONFORMANCE_REVISION ?? 'auto';

const call = (name: string, args: Record<string, unknown>): INodeParameters => ({
	resource: 'tool',
	operation: 'call',
	tool: { __rl: true, mode: 'name', value: name },
	argumentsMode: 'json',
	argumentsJson: JSON.stringify(args),
});

/** What a workflow does in each scenario. */
const STEPS: Record<string, INodeParameters[]> = {
	initialize: [{ resource: 'tool', operation: 'list' }],
	tools_call: [{ resource: 'tool', operation: 'list' }, call('add_numbers', { a: 5, b: 3 })],
	'sse-retry': [call('test_reconnection', {})],
};

async function main(): Promise<number> {
	const steps = STEPS[scenario];
	if (!serverUrl || !steps) {
		console.error(
			`usage: client.ts <server-url> with MCP_CONFORMANCE_SCENARIO one of ${Object.keys(STEPS).join(', ')}`,
		);
		return 2;
	}
	const origin = new URL(serverUrl).origin;
	for (const parameters of steps) {
		const result = await runNode({
			type: 'n8n-nodes-svc.svcMcp',
			parameters,
			credentials: {
				svcMcpApi: {
					baseUrl: origin,
					endpointUrl: serverUrl,
					userId: 1,
					apiToken: 'conformance',
					protocolVersion: revision,
				},
			},
		});
		if (result.error) {
			console.error(`${String(parameters.resource)} → ${String(parameters.operation)} failed: ${result.error.message}`);
			return 1;
		}
		console.log(JSON.stringify(result.items.map((item) => item.json)));
	}
	return 0;
}

void main().then((code) => process.exit(code));
