/**
 * The example workflows (the README's main job) run against a simulator through the n8n engine:
 * used by `npm run examples` (which prints what each node produced) and by `npm test`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import { runWorkflow, type CredentialsMap, type HarnessWorkflowInput } from '../test/harness';
import type { ServiceSimulator } from '../test/simulator';

export interface ExampleRun {
	file: string;
	name: string;
	/** Per node that ran: its items, or its error. */
	nodes: Array<{ name: string; items: INodeExecutionData[]; error?: string }>;
	/** Set when the workflow could not run at all. */
	failure?: string;
}

/** Credentials of every type for the simulator's demo accounts. */
export function demoCredentials(sim: ServiceSimulator): CredentialsMap {
	const pro = sim.demo.pro;
	const dvsAdmin = sim.dvs.seed.orgA.users.admin;
	return {
		svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: pro.login, accessToken: pro.apiToken },
		svcDvsApi: { baseUrl: sim.baseUrl, user: dvsAdmin.login, accessToken: dvsAdmin.token },
		svcMcpApi: { baseUrl: sim.baseUrl, userId: pro.userId, apiToken: pro.apiToken },
	};
}

export const EXAMPLE_FILES = readdirSync(__dirname)
	.filter((name) => name.endsWith('.json'))
	.sort();

export async function runExample(sim: ServiceSimulator, file: string): Promise<ExampleRun> {
	const workflow = JSON.parse(readFileSync(join(__dirname, file), 'utf8')) as HarnessWorkflowInput & { name: string };
	const run: ExampleRun = { file, name: workflow.name, nodes: [] };
	let result: Awaited<ReturnType<typeof runWorkflow>>;
	try {
		result = await runWorkflow(workflow, { credentials: demoCredentials(sim) });
	} catch (error) {
		run.failure = error instanceof Error ? error.message : String(error);
		return run;
	}
	for (const node of workflow.nodes) {
		if (!result.runData[node.name]) continue;
		const error = result.errorOf(node.name);
		run.nodes.push({
			name: node.name,
			items: result.outputOf(node.name),
			...(error ? { error: `${error.message}${error.description ? ` (${error.description})` : ''}` } : {}),
		});
	}
	return run;
}
