/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The demo a real n8n starts with: credentials of every type pointing at the simulator, and the
 * example workflows bound to its demo data, imported with n8n's own CLI.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import {
	bindToDemo,
	demoChoices,
	EXAMPLE_FILES,
	isAgentTemplate,
	readExample,
	startNodeOf,
	type ExampleWorkflow,
} from '../../examples/examples';
import { demoCredentials } from '../../devkit/demo';
import type { ServiceSimulator } from '../../devkit/simulator';
import { runN8nCli } from '../../devkit/n8n/runtime';

export interface CredentialRecord {
	id: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface ExampleRecord {
	file: string;
	id: string;
	workflow: ExampleWorkflow & { id: string; active: boolean };
	/** Started by a manual trigger (runs headless with `n8n execute`), or by a Svc polling trigger (runs when active). */
	manual: boolean;
	/** An AI agent over Svc tools, started by a chat message (it needs a chat model). */
	agent: boolean;
}

const NAMES: Record<string, string> = {
	svcStorageApi: 'Svc Storage account (demo)',
	svcDvsApi: 'Svc DVS account (demo)',
	svcMcpApi: 'Svc MCP-Endpoint account (demo)',
};

export function credentialRecords(sim: ServiceSimulator): CredentialRecord[] {
	// The MCP credential is imported last, so it is the newest: a Storage or DVS node added from the panel
	// still starts on its own service's credential (authenticationDescriptions.ts `credentialEntries`).
	const entries = Object.entries(demoCredentials(sim));
	return entries.map(([type, data], index) => ({
		id: `svcDemoCred${String(index + 1).padStart(2, '0')}`,
		name: NAMES[type] ?? type,
		type,
		data: data as Record<string, unknown>,
	}));
}

export function exampleRecords(sim: ServiceSimulator, credentials: CredentialRecord[]): ExampleRecord[] {
	const choices = demoChoices(sim);
	const byType = new Map(credentials.map((credential) => [credential.type, credential]));
	return EXAMPLE_FILES.map((file, index) => {
		const id = `svcExample${String(index + 1).padStart(2, '0')}`;
		const bound = bindToDemo(readExample(file), choices);
		for (const node of bound.nodes) {
			for (const type of Object.keys(node.credentials ?? {})) {
				const credential = byType.get(type);
				if (credential) node.credentials![type] = { id: credential.id, name: credential.name };
			}
		}
		return {
			file,
			id,
			workflow: { ...bound, id, active: false },
			manual: startNodeOf(bound).type === 'n8n-nodes-base.manualTrigger',
			agent: isAgentTemplate(bound),
		};
	});
}

/** Imports the demo credentials and workflows into the n8n whose environment is `env` (before or beside `n8n start`). */
export async function importDemo(
	bin: string,
	env: NodeJS.ProcessEnv,
	sim: ServiceSimulator,
): Promise<{ credentials: CredentialRecord[]; examples: ExampleRecord[] }> {
	const folder = join(String(env.N8N_USER_FOLDER), 'demo-import');
	mkdirSync(join(folder, 'workflows'), { recursive: true });
	const credentials = credentialRecords(sim);
	const examples = exampleRecords(sim, credentials);
	writeFileSync(join(folder, 'credentials.json'), JSON.stringify(credentials));
	for (const example of examples)
		writeFileSync(join(folder, 'workflows', `${example.id}.json`), JSON.stringify(example.workflow));
	for (const args of [
		['import:credentials', '--input', join(folder, 'credentials.json')],
		['import:workflow', '--separate', '--input', join(folder, 'workflows')],
	]) {
		const result = await runN8nCli(bin, args, env);
		if (result.status !== 0) throw new Error(`n8n ${args[0]} failed:\n${result.stdout}\n${result.stderr}`);
	}
	return { credentials, examples };
}
