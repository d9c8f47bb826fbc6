/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The output schemas n8n's editor shows before a node has run (GET /schemas/<node type>/<version>/<resource>/<operation>.json,
 * answered from `<node folder>/__schema__/v<node version>.0.0/`): one for every operation of every node version,
 * shipped in dist, and still what the operation outputs at that node version. A released node version's schemas are
 * never written again (`npm run schemas` keeps them): what its operations output must go on matching them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { startDemoSimulator } from '../../devkit/demo';
import { loadPackage } from '../../devkit/harness';
import { loginSession, operationRuns, runOperation, schemaOf, schemaPathOf } from '../../devkit/outputRuns';
import { actionNodeVersions } from '../../devkit/schemaVersions';
import type { ServiceSimulator } from '../../devkit/simulator';
import { releasedNodeVersions } from '../../compat/savedRuns';

const ROOT = loadPackage().root;
const ROUTERS: Record<string, string> = { SvcStorage: 'storageActions', SvcDvs: 'dvsActions', SvcMcp: 'mcpActions' };
const VERSIONS = actionNodeVersions();

it('node version 1 of every action node is released, so its schemas are kept as they are; version 2 is new', () => {
	const released = releasedNodeVersions();
	expect(VERSIONS.map(([version]) => version)).toEqual([1, 2]);
	for (const type of ['n8n-nodes-svc.svcStorage', 'n8n-nodes-svc.svcDvs', 'n8n-nodes-svc.svcMcp'])
		expect([type, released[type]]).toEqual([type, [1]]);
});

describe.each(VERSIONS)('node version %s', (version, nodes) => {
	let sim: ServiceSimulator;
	let sessionId: string;
	const folders = nodes.map((node) => node.folder);
	const runsOf = (simulator: ServiceSimulator) => operationRuns(simulator).filter((run) => folders.includes(run.node));

	beforeAll(async () => {
		sim = await startDemoSimulator();
		sessionId = await loginSession(sim);
	});
	afterAll(async () => await sim.close());

	it('every operation of every action node has its run and its schema, in the source and in dist where n8n reads it', () => {
		for (const node of folders) {
			// eslint-disable-next-line @typescript-eslint/no-require-imports -- the router as built, the same module n8n loads
			const actions = require(join(ROOT, 'dist', 'nodes', node, 'actions', 'router.js'))[ROUTERS[node]] as {
				resources: Record<string, Record<string, unknown>>;
			};
			const operations = Object.entries(actions.resources).flatMap(([resource, ops]) =>
				Object.keys(ops).map((operation) => `${resource}.${operation}`),
			);
			expect(
				runsOf(sim)
					.filter((run) => run.node === node)
					.map((run) => `${run.resource}.${run.operation}`)
					.sort(),
			).toEqual(operations.sort());
		}
		for (const run of runsOf(sim)) {
			const path = schemaPathOf(ROOT, run, version);
			expect([path, existsSync(path)]).toEqual([path, true]);
			expect(existsSync(schemaPathOf(join(ROOT, 'dist'), run, version))).toBe(true);
		}
	});

	it('each schema describes what its operation outputs at this node version (run in order, each against the demo simulator)', async () => {
		for (const run of runsOf(sim)) {
			const items = await runOperation(sim, run, sessionId, version);
			expect(items.length).toBeGreaterThan(0);
			const shipped = JSON.parse(readFileSync(schemaPathOf(ROOT, run, version), 'utf8')) as unknown;
			const name = `${run.node} v${version} ${run.resource}.${run.operation}`;
			expect([name, schemaOf(items)]).toEqual([name, shipped]);
		}
	});
});
