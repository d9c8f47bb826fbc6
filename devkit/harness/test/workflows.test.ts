/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The harness's workflows around a node, as n8n runs them: Loop Over Items (the harness's double of
 * n8n's v3 node), two branches into one node, Retry execution with the original or the currently
 * saved workflow, and the execution data n8n would save (context data included).
 */
import { join } from 'node:path';

import type { IConnections, IDataObject } from 'n8n-workflow';

import {
	LOOP_OVER_ITEMS_TYPE,
	LOOP_OVER_ITEMS_VERSION,
	MANUAL_TRIGGER_TYPE,
	NO_OP_TYPE,
	runWorkflow,
	type HarnessNode,
} from '../index';

const root = join(__dirname, 'fixtures', 'pkg');

const link = (node: string, index = 0) => ({ node, type: 'main' as const, index });

function recorder(label = 'first', onError?: HarnessNode['onError']): HarnessNode {
	return { name: 'Recorder', type: 'harnessRecorder', parameters: { label }, ...(onError ? { onError } : {}) };
}

/** Input → Loop Over Items (batch size, reset) → loop output → Recorder → back; done output → Done. */
function loopWorkflow(items: IDataObject[], batchSize: number, node = recorder()) {
	const nodes: HarnessNode[] = [
		{ name: 'Input', type: 'items', parameters: {} },
		{
			name: 'Loop',
			type: LOOP_OVER_ITEMS_TYPE,
			typeVersion: LOOP_OVER_ITEMS_VERSION,
			parameters: { batchSize, options: {} },
		},
		node,
		{ name: 'Done', type: NO_OP_TYPE, parameters: {} },
	];
	const connections: IConnections = {
		Input: { main: [[link('Loop')]] },
		Loop: { main: [[link('Done')], [link('Recorder')]] },
		Recorder: { main: [[link('Loop')]] },
	};
	return { nodes, connections, items: { Input: items.map((json) => ({ json })) } };
}

const runsOf = (runData: Record<string, unknown[]>, name: string) => runData[name]?.length ?? 0;

describe('Loop Over Items (the double of n8n’s v3 node)', () => {
	it('sends Batch Size items at a time through "loop", each batch a new run of the node, then all through "done"', async () => {
		const items = [1, 2, 3, 4, 5].map((n) => ({ n }));
		const result = await runWorkflow(loopWorkflow(items, 2), { root, startNode: 'Input' });
		expect(result.error).toBeUndefined();
		const batches = result.runData.Recorder.map((task) =>
			(task.data?.main?.[0] ?? []).map((item) => [item.json.n, item.json.runIndex]),
		);
		expect(batches).toEqual([
			[
				[1, 0],
				[2, 0],
			],
			[
				[3, 1],
				[4, 1],
			],
			[[5, 2]],
		]);
		expect(result.outputOf('Done').map((item) => item.json.n)).toEqual([1, 2, 3, 4, 5]);
		expect(runsOf(result.runData, 'Done')).toBe(1);
	});

	it('continues a set with the items it is given next, or with Reset starts a new set from them', async () => {
		const run = async (reset: boolean) => {
			const nodes: HarnessNode[] = [
				{ name: 'Start', type: MANUAL_TRIGGER_TYPE, parameters: {} },
				{ name: 'A', type: 'items', parameters: {} },
				{ name: 'B', type: 'items', parameters: {} },
				{ name: 'Loop', type: LOOP_OVER_ITEMS_TYPE, parameters: { batchSize: 1, options: { reset } } },
				recorder(),
			];
			const connections: IConnections = {
				Start: { main: [[link('A'), link('B')]] },
				A: { main: [[link('Loop')]] },
				B: { main: [[link('Loop')]] },
				Loop: { main: [[], [link('Recorder')]] },
			};
			const items = { A: [{ json: { n: 'a1' } }, { json: { n: 'a2' } }], B: [{ json: { n: 'b1' } }] };
			const result = await runWorkflow({ nodes, connections, items }, { root });
			return result.runData.Recorder.map((task) => task.data?.main?.[0]?.[0]?.json.n);
		};
		expect(await run(false)).toEqual(['a1', 'a2']);
		expect(await run(true)).toEqual(['a1', 'b1']);
	});
});

describe('two branches into one node', () => {
	it('run the node twice, under run indexes 0 and 1', async () => {
		const nodes: HarnessNode[] = [
			{ name: 'Start', type: MANUAL_TRIGGER_TYPE, parameters: {} },
			{ name: 'A', type: 'items', parameters: {} },
			{ name: 'B', type: 'items', parameters: {} },
			recorder(),
		];
		const connections: IConnections = {
			Start: { main: [[link('A'), link('B')]] },
			A: { main: [[link('Recorder')]] },
			B: { main: [[link('Recorder')]] },
		};
		const items = { A: [{ json: { from: 'A' } }], B: [{ json: { from: 'B' } }] };
		const result = await runWorkflow({ nodes, connections, items }, { root });
		expect(result.runData.Recorder.map((task) => task.data?.main?.[0]?.[0]?.json)).toEqual([
			expect.objectContaining({ from: 'A', runIndex: 0 }),
			expect.objectContaining({ from: 'B', runIndex: 1 }),
		]);
	});
});

describe('Retry execution', () => {
	const failingInSecondBatch = () => loopWorkflow([{ n: 1 }, { n: 2 }, { n: 3, fail: true }, { n: 4 }], 2);

	it('runs the failed node again under the run index it failed in, in mode retry, from the saved data', async () => {
		const failed = await runWorkflow(failingInSecondBatch(), { root, startNode: 'Input' });
		expect(failed.error?.message).toBe('item 0 failed');
		expect(runsOf(failed.runData, 'Recorder')).toBe(2);
		expect(failed.contextData()['node:Recorder']).toEqual({ seen: 4 });
		await expect(failed.retry()).resolves.toMatchObject({ error: { message: 'item 0 failed' } });
		const edited = failingInSecondBatch().nodes.map((node) =>
			node.name === 'Recorder' ? recorder('edited', 'continueRegularOutput') : node,
		);
		const retried = await failed.retry({ nodes: edited });
		expect(retried.error).toBeUndefined();
		expect(retried.runData.Recorder.map((task) => task.data?.main?.[0]?.map((item) => item.json))).toEqual([
			[expect.objectContaining({ n: 1, runIndex: 0, mode: 'manual', label: 'first' }), expect.anything()],
			[{ error: 'item 0 failed' }, { n: 4, runIndex: 1, mode: 'retry', label: 'edited' }],
		]);
		expect(retried.outputOf('Done').map((item) => item.json.n ?? item.json.error)).toEqual([1, 2, 'item 0 failed', 4]);
		expect(retried.contextData()['node:Recorder']).toEqual({ seen: 6 });
	});

	it('is refused for an execution that succeeded, as n8n refuses it', async () => {
		const result = await runWorkflow(loopWorkflow([{ n: 1 }], 2), { root, startNode: 'Input' });
		expect(result.error).toBeUndefined();
		await expect(result.retry()).rejects.toThrow('The execution succeeded, so it cannot be retried.');
	});
});

describe('the saved execution data', () => {
	it('holds the run data and every node’s context data, as n8n saves them', async () => {
		const result = await runWorkflow(loopWorkflow([{ n: 'marker-7c1f' }], 2), { root, startNode: 'Input' });
		const saved = result.savedExecutionData();
		expect(saved).toContain('marker-7c1f');
		expect(saved).toContain('node:Recorder');
		expect(result.contextData()).toEqual({ 'node:Loop': {}, 'node:Recorder': { seen: 1 } });
	});
});
