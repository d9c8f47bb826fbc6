/**
 * Workflows and credentials a release saved (compat/<version>/, exported by a real n8n) run unchanged on this
 * commit through n8n's engine against the simulator (compat/savedRuns.ts swaps only what belongs to the account),
 * each node at the version it was saved with, and output every field the release's capture of their outputs
 * (compat/<version>/outputs.json) holds, of the same type: a field renamed, removed or retyped under a released
 * node version fails here (docs/COMPATIBILITY.md, rule 5).
 */
import { startDemoSimulator } from '../../devkit/demo';
import { testCredential } from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';
import { outputChanges, shapeOf, type OutputCapture } from '../../compat/outputShapes';
import {
	credentialsOf,
	readCapture,
	rebased,
	RELEASES,
	runnableWorkflowsOf,
	runSavedTool,
	runSavedWorkflow,
	shapesOfRun,
	toolNodesOf,
	workflowsOf,
} from '../../compat/savedRuns';

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startDemoSimulator();
});
afterAll(async () => await sim.close());

it('0.1.0 has its outputs captured', () => {
	expect(Object.keys(readCapture<OutputCapture>('0.1.0', 'outputs.json').workflows).length).toBeGreaterThan(5);
});

describe.each(RELEASES)('saved by %s', (version) => {
	const outputs = readCapture<OutputCapture>(version, 'outputs.json');

	it('holds action nodes, tool nodes and both triggers, and a credential of each API-key type', () => {
		const types = new Set(workflowsOf(version).flatMap((workflow) => workflow.nodes.map((node) => node.type)));
		for (const type of [
			'svcStorage',
			'svcDvs',
			'svcMcp',
			'svcStorageTool',
			'svcDvsTool',
			'svcMcpTool',
			'svcStorageTrigger',
			'svcDvsTrigger',
		])
			expect([type, types.has(`n8n-nodes-svc.${type}`)]).toEqual([type, true]);
		expect(
			credentialsOf(version)
				.map((saved) => saved.type)
				.sort(),
		).toEqual(['svcDvsApi', 'svcMcpApi', 'svcStorageApi']);
	});

	it.each(credentialsOf(version).map((saved) => [saved.name, saved] as const))(
		"credential '%s' passes its Test",
		async (_name, saved) => {
			const result = await testCredential(saved.type, rebased(sim, saved));
			expect([result.status, result.message]).toEqual(['OK', expect.anything()]);
		},
	);

	it.each(runnableWorkflowsOf(version).map((workflow) => [workflow.name, workflow] as const))(
		"'%s' runs: each Svc node produces items without an error, with every output field the release's had",
		async (name, saved) => {
			const { workflow, result } = await runSavedWorkflow(sim, version, saved);
			const ran = workflow.nodes.filter((node) => result.runData[node.name]);
			expect(ran.map((node) => [node.name, result.errorOf(node.name)?.message]).filter(([, error]) => error)).toEqual(
				[],
			);
			expect(ran.length).toBeGreaterThan(1);
			const last = ran[ran.length - 1];
			expect([last.name, result.outputOf(last.name).length > 0]).toEqual([last.name, true]);
			const shapes = shapesOfRun(workflow, result);
			const released = Object.entries(outputs.workflows[name] ?? {});
			expect(released.length).toBeGreaterThan(0);
			expect(
				released
					.map(([node, shape]) => [node, outputChanges(shape, shapes[node])])
					.filter(([, changes]) => changes.length),
			).toEqual([]);
		},
	);

	it.each(toolNodesOf(version).map((node) => [node.name, node] as const))(
		"tool '%s' answers a model's call with every output field the release's had",
		async (name, node) => {
			const result = await runSavedTool(sim, version, node);
			expect(result.error).toBeUndefined();
			expect(result.items.length).toBeGreaterThan(0);
			expect(outputChanges(outputs.tools[name], shapeOf(node, result.items))).toEqual([]);
		},
	);
});
