/**
 * The main job against the bundled simulator: starts it with demo data, runs every workflow in
 * examples/ through the n8n engine (the same harness the tests use) and prints what each node produced.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeExecutionData } from 'n8n-workflow';

import { runWorkflow, type CredentialsMap, type HarnessWorkflowInput } from '../test/harness';
import { startServiceSimulator, type ServiceSimulator } from '../test/simulator';

function demoCredentials(sim: ServiceSimulator): CredentialsMap {
	const pro = sim.demo.pro;
	const dvsAdmin = sim.dvs.seed.orgA.users.admin;
	return {
		svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: pro.login, accessToken: pro.apiToken },
		svcDvsApi: { baseUrl: sim.baseUrl, user: dvsAdmin.login, accessToken: dvsAdmin.token },
		svcMcpApi: { baseUrl: sim.baseUrl, userId: pro.userId, apiToken: pro.apiToken },
	};
}

function summarize(item: INodeExecutionData): string {
	const json = JSON.stringify(item.json);
	const binary = item.binary
		? ` + binary ${Object.entries(item.binary)
				.map(([name, data]) => `${name}=${data.fileName ?? '?'} (${data.mimeType}, ${data.fileSize ?? '?'})`)
				.join(', ')}`
		: '';
	return `${json.length > 220 ? `${json.slice(0, 217)}...` : json}${binary}`;
}

async function main(): Promise<void> {
	const sim = await startServiceSimulator();
	let failures = 0;
	try {
		const credentials = demoCredentials(sim);
		const files = readdirSync(__dirname).filter((name) => name.endsWith('.json')).sort();
		for (const file of files) {
			const workflow = JSON.parse(readFileSync(join(__dirname, file), 'utf8')) as HarnessWorkflowInput & { name: string };
			console.log(`\n=== ${file}: ${workflow.name}`);
			let result: Awaited<ReturnType<typeof runWorkflow>>;
			try {
				result = await runWorkflow(workflow, { credentials });
			} catch (error) {
				failures++;
				console.log(`  could not run: ${error instanceof Error ? error.message : String(error)}`);
				continue;
			}
			for (const node of workflow.nodes) {
				const error = result.errorOf(node.name);
				const items = result.outputOf(node.name);
				if (error) {
					failures++;
					console.log(`  ${node.name}: ERROR ${error.message}${error.description ? ` (${error.description})` : ''}`);
					continue;
				}
				if (!result.runData[node.name]) continue;
				console.log(`  ${node.name}: ${items.length} item(s)`);
				for (const item of items.slice(0, 3)) console.log(`    ${summarize(item)}`);
				if (items.length > 3) console.log(`    … ${items.length - 3} more`);
			}
		}
		console.log(`\n${files.length} example workflow(s) run against ${sim.baseUrl}, ${failures} node error(s); ${sim.requests.length} requests served`);
	} finally {
		await sim.close();
	}
	if (failures) process.exitCode = 1;
}

void main();
