/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * Writes the output schema of every operation of Svc Storage, Svc DVS and Svc MCP where n8n looks for it
 * (nodes/<Node>/__schema__/v1.0.0/<resource>/<operation>.json; `n8n-node build` copies `__schema__` into
 * dist), made from one real run of each against the demo simulator (devkit/outputRuns.ts), so the
 * editor shows an operation's output fields before it has run. Run: `npm run schemas`.
 */
import '../devkit/setupEnv';

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { startDemoSimulator } from '../devkit/demo';
import { loginSession, operationRuns, runOperation, schemaOf, schemaPathOf } from '../devkit/outputRuns';

async function main(): Promise<void> {
	const sim = await startDemoSimulator();
	try {
		const deleted: Record<string, string> = {};
		const sessionId = await loginSession(sim);
		for (const run of operationRuns(sim)) {
			const items = await runOperation(sim, run, deleted, sessionId);
			const path = schemaPathOf(join(__dirname, '..'), run);
			mkdirSync(dirname(path), { recursive: true });
			writeFileSync(path, `${JSON.stringify(schemaOf(items), null, '\t')}\n`);
			console.log(`${run.node} ${run.resource}.${run.operation}: ${items.length} item(s)`);
		}
	} finally {
		await sim.close();
	}
}

void main();
