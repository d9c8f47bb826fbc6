/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';

import { parse as parseFlatted } from 'flatted';

import { nodesOf } from '../../devkit/n8n/headless';
import { isN8n1, type N8nRest } from '../../devkit/n8n/runtime';

/** Stops with the command that installs a system tool the tests need, instead of waiting for it in vain. */
export function requireSystemTool(name: string, install: string): void {
	const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
	if (found.status !== 0)
		throw new Error(
			`${name} is not installed, and these tests need it: run \`${install}\` (Debian; as root), then run them again`,
		);
}

/** Polls `check` every second until it returns a value (not undefined) or the time is up. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	let last: unknown;
	while (Date.now() < deadline) {
		try {
			const value = await check();
			if (value !== undefined) return value;
		} catch (error) {
			last = error;
		}
		await new Promise((wait) => setTimeout(wait, 1000));
	}
	throw new Error(
		`timed out after ${timeoutMs / 1000} s waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`,
	);
}

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
}

export async function executionsOf(rest: N8nRest, workflowId: string): Promise<ExecutionSummary[]> {
	const answer = await rest.request<{ results: ExecutionSummary[] }>(
		'GET',
		`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=100`,
	);
	return answer.results;
}

/** What each node of a stored execution produced: its items and its error. */
export async function executionNodes(
	rest: N8nRest,
	executionId: string,
): Promise<Record<string, { items: any[]; error?: string }>> {
	const execution = await rest.request<{ data: string }>('GET', `/rest/executions/${executionId}`);
	const data = parseFlatted(execution.data) as { resultData: { runData: Record<string, any[]> } };
	return nodesOf(data.resultData.runData);
}

export async function activate(rest: N8nRest, workflowId: string): Promise<void> {
	const workflow = await rest.request<{ versionId: string }>('GET', `/rest/workflows/${workflowId}`);
	await rest.request('POST', `/rest/workflows/${workflowId}/activate`, { versionId: workflow.versionId });
}

export async function deactivate(rest: N8nRest, workflowId: string): Promise<void> {
	await rest.request('POST', `/rest/workflows/${workflowId}/deactivate`, {});
}

/** Creates a workflow through the REST API as the editor does (n8n 1.x needs `active` on create). */
export async function createWorkflow(rest: N8nRest, workflow: Record<string, unknown>): Promise<{ id: string }> {
	return await rest.request('POST', '/rest/workflows', {
		...(isN8n1() ? { active: false } : {}),
		settings: { executionOrder: 'v1' },
		...workflow,
	});
}

/** Starts a stored workflow from its Manual Trigger as the editor's Execute button does; its execution id. */
export async function startRun(rest: N8nRest, workflowId: string, triggerName = 'Start'): Promise<string> {
	// n8n 1.x runs the workflow it is sent; 2.x the stored one.
	const workflowData = isN8n1() ? { workflowData: await rest.request('GET', `/rest/workflows/${workflowId}`) } : {};
	const { executionId } = await rest.request<{ executionId: string }>('POST', `/rest/workflows/${workflowId}/run`, {
		...workflowData,
		triggerToStartFrom: { name: triggerName },
	});
	return String(executionId);
}

/** A node of a workflow laid out in one row, at `x`; its id made of its name. */
export function workflowNode(
	name: string,
	type: string,
	typeVersion: number,
	x: number,
	rest: Record<string, unknown>,
) {
	return { id: name.toLowerCase().replace(/\W+/g, '-'), name, type, typeVersion, position: [x, 0], ...rest };
}

/** The Manual Trigger, named Start, that the workflows here start from. */
export const manualStart = () => workflowNode('Start', 'n8n-nodes-base.manualTrigger', 1, 0, { parameters: {} });

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Svc Storage → Download a file, then Svc Storage → Upload it into another folder: the bytes pass
 * through n8n's binary store of whatever mode the instance runs, both ways.
 */
export function roundTripWorkflow(
	name: string,
	storage: { id: string; name: string },
	fileHash: string,
	folderHash: string,
): Record<string, unknown> {
	const credentials = { svcStorageApi: { id: storage.id, name: storage.name } };
	const svc = (nodeName: string, x: number, parameters: Record<string, unknown>) =>
		workflowNode(nodeName, 'n8n-nodes-svc.svcStorage', 1, x, {
			parameters: { authentication: 'svcStorageApi', ...parameters },
			credentials,
		});
	return {
		name,
		nodes: [
			manualStart(),
			svc('Download', 220, {
				resource: 'file',
				operation: 'download',
				file: { __rl: true, mode: 'id', value: fileHash },
				binaryPropertyName: 'data',
				options: {},
			}),
			svc('Upload', 440, {
				resource: 'file',
				operation: 'upload',
				folder: { __rl: true, mode: 'id', value: folderHash },
				binaryPropertyName: 'data',
				options: {},
			}),
		],
		connections: {
			Start: { main: [[{ node: 'Download', type: 'main', index: 0 }]] },
			Download: { main: [[{ node: 'Upload', type: 'main', index: 0 }]] },
		},
	};
}
