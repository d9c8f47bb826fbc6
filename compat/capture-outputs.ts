/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- this file runs in Node under the test tools, never inside n8n; it reports to a person at a terminal */
/**
 * Captures what a release's saved workflows output (`npm run build`, then `npx tsx compat/capture-outputs.ts
 * <version>`, after capture-workflows.ts): each saved workflow and tool node of compat/<version>/ run through n8n's
 * engine against a fresh demo simulator, in the order the compat test runs them, at the node versions they were
 * saved with; each node's output fields and their types (compat/outputShapes.ts) into compat/<version>/outputs.json.
 * A capture is never edited afterwards (docs/COMPATIBILITY.md).
 */
import '../devkit/setupEnv';

import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startDemoSimulator } from '../devkit/demo';
import type { OutputCapture } from './outputShapes';
import { shapeOf } from './outputShapes';
import { COMPAT, runnableWorkflowsOf, runSavedTool, runSavedWorkflow, shapesOfRun, toolNodesOf } from './savedRuns';

async function main(): Promise<void> {
	const version = process.argv[2];
	if (!version) throw new Error('usage: npx tsx compat/capture-outputs.ts <version being released>');
	const target = join(COMPAT, version, 'outputs.json');
	if (existsSync(target)) throw new Error(`${target} exists: a release's capture is never edited`);
	const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
	const sim = await startDemoSimulator();
	const capture: OutputCapture = {
		capturedFrom: `the saved workflows of ${version}, run at commit ${commit}`,
		workflows: {},
		tools: {},
	};
	try {
		for (const saved of runnableWorkflowsOf(version)) {
			const { workflow, result } = await runSavedWorkflow(sim, version, saved);
			capture.workflows[saved.name] = shapesOfRun(workflow, result);
		}
		for (const node of toolNodesOf(version)) {
			const result = await runSavedTool(sim, version, node);
			if (result.error) throw new Error(`${node.name}: ${result.error.message}`);
			capture.tools[node.name] = shapeOf(node, result.items);
		}
	} finally {
		await sim.close();
	}
	// One field a line: a list of types stays on its field's line.
	const text = JSON.stringify(capture, null, '\t').replace(
		/\[\n\s+("[^"\n]*"(?:,\n\s+"[^"\n]*")*)\n\s+\]/g,
		(_, types: string) => `[${types.split(/,\n\s+/).join(', ')}]`,
	);
	writeFileSync(target, `${text}\n`);
	const nodes = Object.values(capture.workflows).flatMap((shapes) => Object.keys(shapes)).length;
	console.log(`captured the outputs of ${nodes} nodes and ${Object.keys(capture.tools).length} tools into ${target}`);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
