/* eslint-disable @typescript-eslint/no-explicit-any -- it reads n8n execute answers of every shape */
import { executionResult, freePort, runN8nCli, type RunningN8n } from './runtime';

/** `n8n execute --id` beside the running server (its own task-runner port), and what each node produced. */
export async function executeHeadless(
	n8n: RunningN8n,
	workflowId: string,
): Promise<{ status: number; nodes: Record<string, { items: any[]; error?: string }>; output: string }> {
	const env = { ...n8n.env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) };
	const result = await runN8nCli(n8n.bin, ['execute', '--id', workflowId, '--rawOutput'], {
		...env,
		N8N_LOG_LEVEL: 'info',
	});
	const output = `${result.stdout}\n${result.stderr}`;
	try {
		return { status: result.status, nodes: nodesOf(executionResult(result.stdout).data.resultData.runData), output };
	} catch {
		return { status: result.status, nodes: {}, output };
	}
}

export function nodesOf(runData: Record<string, any[]>): Record<string, { items: any[]; error?: string }> {
	return Object.fromEntries(
		Object.entries(runData).map(([name, runs]) => {
			const task = runs.at(-1);
			return [
				name,
				{ items: task?.data?.main?.[0] ?? [], ...(task?.error ? { error: String(task.error.message) } : {}) },
			];
		}),
	);
}
