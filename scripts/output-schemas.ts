/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * Writes the output schema of every operation of Svc Storage, Svc DVS and Svc MCP where n8n looks for it
 * (nodes/<Node>/__schema__/v<node version>.0.0/<resource>/<operation>.json; `n8n-node build` copies `__schema__`
 * into dist), made from one real run of each at that node version against the demo simulator
 * (devkit/outputRuns.ts), so the editor shows an operation's output fields before it has run. Run: `npm run schemas`.
 *
 * Only node versions no release has shipped are written: a released version's schemas are what its outputs
 * promise (docs/COMPATIBILITY.md), kept as they are, and test/schemas/outputSchemas.test.ts holds that version's
 * outputs to them. An output that has to change does so under a new node version, with its own folder.
 */
import '../devkit/setupEnv';

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { startDemoSimulator } from '../devkit/demo';
import { loginSession, operationRuns, runOperation, schemaOf, schemaPathOf } from '../devkit/outputRuns';
import { actionNodeVersions } from '../devkit/schemaVersions';
import { releasedNodeVersions } from '../compat/savedRuns';

async function writeVersion(version: number, nodes: string[]): Promise<void> {
	const sim = await startDemoSimulator();
	try {
		const sessionId = await loginSession(sim);
		for (const run of operationRuns(sim).filter((candidate) => nodes.includes(candidate.node))) {
			const items = await runOperation(sim, run, sessionId, version);
			const path = schemaPathOf(join(__dirname, '..'), run, version);
			mkdirSync(dirname(path), { recursive: true });
			writeFileSync(path, `${JSON.stringify(schemaOf(items), null, '\t')}\n`);
			console.log(`${run.node} v${version} ${run.resource}.${run.operation}: ${items.length} item(s)`);
		}
	} finally {
		await sim.close();
	}
}

async function main(): Promise<void> {
	const released = releasedNodeVersions();
	for (const [version, nodes] of actionNodeVersions()) {
		const kept = nodes.filter((node) => released[node.type]?.includes(version));
		for (const node of kept) console.log(`${node.folder} v${version}: released, its schemas are kept as they are`);
		const open = nodes.filter((node) => !kept.includes(node)).map((node) => node.folder);
		if (open.length) await writeVersion(version, open);
	}
}

void main();
