/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The output schemas n8n's editor shows before a node has run (GET /schemas/<node type>/<version>/<resource>/<operation>.json,
 * answered from `<node folder>/__schema__/`): one for every operation, shipped in dist, and still what the
 * operation outputs. After changing an output, `npm run schemas` writes them again.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startDemoSimulator } from '../../devkit/demo';
import { loadPackage } from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';
import {
	loginSession,
	operationRuns,
	runOperation,
	schemaOf,
	schemaPathOf,
	type OperationRun,
} from '../../devkit/outputRuns';

const ROOT = loadPackage().root;
const ROUTERS: Record<string, string> = { SvcStorage: 'storageActions', SvcDvs: 'dvsActions', SvcMcp: 'mcpActions' };

let sim: ServiceSimulator;
let runs: OperationRun[];
let sessionId: string;
const deleted: Record<string, string> = {};

beforeAll(async () => {
	sim = await startDemoSimulator();
	runs = operationRuns(sim);
	sessionId = await loginSession(sim);
});
afterAll(async () => await sim.close());

it('every operation of every action node has its run and its schema, in the source and in dist where n8n reads it', () => {
	for (const [node, exportName] of Object.entries(ROUTERS)) {
		// eslint-disable-next-line @typescript-eslint/no-require-imports -- the router as built, the same module n8n loads
		const actions = require(join(ROOT, 'dist', 'nodes', node, 'actions', 'router.js'))[exportName] as {
			resources: Record<string, Record<string, unknown>>;
		};
		const operations = Object.entries(actions.resources).flatMap(([resource, ops]) =>
			Object.keys(ops).map((operation) => `${resource}.${operation}`),
		);
		expect(
			runs
				.filter((run) => run.node === node)
				.map((run) => `${run.resource}.${run.operation}`)
				.sort(),
		).toEqual(operations.sort());
	}
	for (const run of runs) {
		expect([schemaPathOf(ROOT, run), existsSync(schemaPathOf(ROOT, run))]).toEqual([schemaPathOf(ROOT, run), true]);
		expect(existsSync(schemaPathOf(join(ROOT, 'dist'), run))).toBe(true);
	}
});

it('each schema describes what its operation outputs now (run in order, each against the demo simulator)', async () => {
	for (const run of runs) {
		const items = await runOperation(sim, run, deleted, sessionId);
		expect(items.length).toBeGreaterThan(0);
		const shipped = JSON.parse(readFileSync(schemaPathOf(ROOT, run), 'utf8')) as unknown;
		expect([`${run.node} ${run.resource}.${run.operation}`, schemaOf(items)]).toEqual([
			`${run.node} ${run.resource}.${run.operation}`,
			shipped,
		]);
	}
});
