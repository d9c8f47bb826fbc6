/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The main job against the bundled simulator: starts it with demo data, runs every workflow in
 * examples/ through the n8n engine (the same harness the tests use) and prints what each node produced.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { startDemoSimulator } from '../devkit/demo';
import { EXAMPLE_FILES, runExample } from './examples';

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
	const sim = await startDemoSimulator();
	let failures = 0;
	try {
		for (const file of EXAMPLE_FILES) {
			const run = await runExample(sim, file);
			console.log(`\n=== ${file}: ${run.name}`);
			if (run.failure) {
				failures++;
				console.log(`  could not run: ${run.failure}`);
				continue;
			}
			for (const node of run.nodes) {
				if (node.error) {
					failures++;
					console.log(`  ${node.name}: ERROR ${node.error}`);
					continue;
				}
				console.log(`  ${node.name}: ${node.items.length} item(s)`);
				for (const item of node.items.slice(0, 3)) console.log(`    ${summarize(item)}`);
				if (node.items.length > 3) console.log(`    … ${node.items.length - 3} more`);
			}
		}
		console.log(
			`\n${EXAMPLE_FILES.length} example workflow(s) run against ${sim.baseUrl}, ${failures} node error(s); ${sim.requests.length} requests served`,
		);
	} finally {
		await sim.close();
	}
	if (failures) process.exitCode = 1;
}

void main();
