/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, no-console -- this file runs in Node under the test tools, never inside n8n; its errors are for a person at a terminal */
/**
 * `npm start`: the simulator with demo data and a real n8n on 127.0.0.1 with this package installed from
 * its packed tarball, credentials for the simulator and the template workflows imported. Prints the URL and
 * a login and runs until Ctrl-C. `npm run demo` (`--demo`) runs the manual templates headless instead and
 * prints what each produced. Nothing here calls outside the machine.
 */
import { rmSync } from 'node:fs';

import { startDemoSimulator } from '../../devkit/demo';
import { importDemo, type ExampleRecord } from './demo';
import { n8nLine, OWNER, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import { executeHeadless } from '../../devkit/n8n/headless';

function printRun(example: ExampleRecord, run: Awaited<ReturnType<typeof executeHeadless>>): boolean {
	console.log(`\n=== ${example.workflow.name} (${example.file})`);
	let ok = run.status === 0;
	for (const [name, node] of Object.entries(run.nodes)) {
		if (node.error) ok = false;
		const first = node.items[0];
		const binary = first?.binary
			? ` + binary ${Object.values(first.binary as Record<string, { fileName?: string }>)
					.map((data) => data.fileName)
					.join(', ')}`
			: '';
		const sample = first ? ` e.g. ${JSON.stringify(first.json).slice(0, 140)}${binary}` : '';
		console.log(`  ${name}: ${node.error ? `ERROR ${node.error}` : `${node.items.length} item(s)${sample}`}`);
	}
	if (run.status !== 0 && Object.keys(run.nodes).length === 0)
		console.log(run.output.split('\n').slice(-15).join('\n'));
	return ok;
}

async function main(): Promise<void> {
	const demoOnly = process.argv.includes('--demo');
	const port = Number(process.env.N8N_PORT ?? 5678);
	console.log(
		`Starting the Svc simulator and n8n ${n8nLine()}.x (N8N_LINE; the first run installs n8n into ~/.cache/n8n-nodes-svc, about 5 minutes)…`,
	);
	const sim = await startDemoSimulator();
	let examples: ExampleRecord[] = [];
	let n8n: RunningN8n | undefined;
	const stop = async () => {
		await n8n?.stop();
		await sim.close();
	};
	try {
		n8n = await startN8n({
			port,
			beforeStart: async (bin, env) => {
				({ examples } = await importDemo(bin, env, sim));
			},
		});
	} catch (error) {
		await stop();
		throw error;
	}
	if (demoOnly) {
		let failures = 0;
		for (const example of examples.filter((record) => record.manual)) {
			if (!printRun(example, await executeHeadless(n8n, example.id))) failures++;
		}
		const triggered = examples
			.filter((record) => !record.manual && !record.agent)
			.map((record) => record.workflow.name);
		const agents = examples.filter((record) => record.agent).map((record) => record.workflow.name);
		console.log(`\nThe trigger templates run when active: ${triggered.join('; ')}.`);
		console.log(
			`The agent templates run from their chat once a chat model credential is chosen: ${agents.join('; ')}.`,
		);
		console.log(
			`${examples.length - triggered.length - agents.length} template(s) run in n8n against ${sim.baseUrl}, ${failures} failed`,
		);
		await stop();
		process.exitCode = failures ? 1 : 0;
		return;
	}
	console.log(`
n8n with the Svc nodes is running: ${n8n.url}
  Sign in as ${OWNER.email} / ${OWNER.password}
  Credentials for the simulator (${sim.baseUrl}): ${['Svc Storage', 'Svc DVS', 'Svc MCP-Endpoint'].map((name) => `${name} account (demo)`).join(', ')}
  Templates: ${examples.length} workflows in Overview (activate the trigger ones to see them poll)
  Simulator logins: ${sim.demo.pro.login} / ${sim.demo.pro.password} (for the OAuth2 consent page)
Ctrl-C stops n8n and the simulator.`);
	const keep = setInterval(() => undefined, 60_000);
	const onSignal = () => {
		clearInterval(keep);
		console.log('\nStopping…');
		void stop().then(() => {
			if (n8n && !process.env.SVC_KEEP_USER_FOLDER) rmSync(n8n.userFolder, { recursive: true, force: true });
			process.exit(0);
		});
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exitCode = 1;
});
