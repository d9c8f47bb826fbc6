/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads answers of every shape */
/**
 * What recovery.e2e.ts needs beside the other e2e helpers: a write that lands while the node cannot
 * see it (its answer fails, and so does every read of the same API until the failed run is over),
 * n8n's Retry execution as the executions list calls it, Redis, and a queue worker to kill.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

import { parse as parseFlatted } from 'flatted';

import {
	freePort,
	spawnN8n,
	waitForHttp,
	type N8nRest,
	type RunningN8n,
	type StartOptions,
} from '../../devkit/n8n/runtime';
import type { ServiceSimulator } from '../../devkit/simulator';
import { describeRequest } from '../../devkit/simulator/server';
import type { SimRequest } from '../../devkit/simulator/types';

import { executionNodes, requireSystemTool, waitFor } from './helpers';

/** A request as the simulator's fault matching sees it: the request, its action and its MCP tool. */
export interface SeenRequest {
	req: SimRequest;
	action?: string;
	mcpTool?: string;
}

export type RequestTest = (seen: SeenRequest) => boolean;

const seen = (req: SimRequest): SeenRequest => ({ req, ...describeRequest(req.path, req.body) });

/** The reads of one API, so that faults of cases running side by side on other APIs never meet. */
export const READS: Record<'storage' | 'dvs' | 'mcp', RequestTest> = {
	storage: ({ req, action }) =>
		action !== undefined && (req.path.startsWith('/api_v2/') || req.path.startsWith('/api/')),
	dvs: ({ req, action }) => action !== undefined && req.path.startsWith('/api_dvs/'),
	mcp: ({ mcpTool }) => mcpTool !== undefined,
};

/**
 * The write commits and its answer is a 500; from then on every read of `reads` fails with a 500, for
 * as long as it takes (the node's settle window is 1 + 2 + 4 + 8 s of real time), until `retire()`.
 */
export function writeLandsUnseen(sim: ServiceSimulator, isWrite: RequestTest, reads: RequestTest): { retire(): void } {
	let written = false;
	const readFault = sim.faults.add({
		match: (req: SimRequest) => {
			const request = seen(req);
			if (isWrite(request)) {
				written = true;
				return false;
			}
			return written && reads(request);
		},
		fault: { kind: 'statusBeforeCommit', status: 500 },
		times: 100_000,
	});
	const writeFault = sim.faults.add({
		match: (req: SimRequest) => isWrite(seen(req)),
		// Stored a moment after it arrived: a time only the write can show (within the send's second, another writer's
		// entry made just before would look the same, and the item would stay "Outcome uncertain").
		fault: { kind: 'statusAfterCommit', status: 500, storedLaterMs: 2000 },
		times: 1,
	});
	return {
		retire: () => {
			readFault.timesRemaining = 0;
			writeFault.timesRemaining = 0;
		},
	};
}

/** The request body as text (empty for a multipart upload, whose body the server streams). */
export const bodyText = (req: SimRequest): string => req.body.toString('utf8');

/** The status of an execution once it has ended, else undefined. */
export async function finishedStatus(rest: N8nRest, executionId: string): Promise<string | undefined> {
	const execution = await rest.request<any>('GET', `/rest/executions/${executionId}`);
	return ['success', 'error', 'crashed', 'canceled'].includes(execution.status) ? execution.status : undefined;
}

export interface Ended {
	id: string;
	status: string;
	nodes: Record<string, { items: any[]; error?: string }>;
	/** The execution's own error (the failed node's, or n8n's when no node failed). */
	error?: string;
	lastNode?: string;
}

/** Waits for an execution to end; its status, its error and what each node gave. */
export async function ended(rest: N8nRest, executionId: string, timeoutMs = 180_000): Promise<Ended> {
	const status = await waitFor(
		`execution ${executionId} to end`,
		async () => await finishedStatus(rest, executionId),
		timeoutMs,
	);
	const execution = await rest.request<{ data: string }>('GET', `/rest/executions/${executionId}`);
	const { resultData } = parseFlatted(execution.data) as {
		resultData: { error?: { message?: string }; lastNodeExecuted?: string };
	};
	return {
		id: executionId,
		status,
		nodes: await executionNodes(rest, executionId),
		...(resultData.error?.message ? { error: resultData.error.message } : {}),
		...(resultData.lastNodeExecuted ? { lastNode: resultData.lastNodeExecuted } : {}),
	};
}

/**
 * Retry execution as the executions list calls it: with the saved workflow (`loadWorkflow: true`, "Retry
 * with currently saved workflow") or the one the execution ran (`false`, "Retry with original workflow").
 * n8n answers when the retried execution has ended.
 */
export async function retryExecution(rest: N8nRest, executionId: string, loadWorkflow: boolean): Promise<Ended> {
	const retried = await rest.request<{ id: string | number }>('POST', `/rest/executions/${executionId}/retry`, {
		loadWorkflow,
	});
	return await ended(rest, String(retried.id));
}

/** A main process and two workers (one execution at a time each) in queue mode over the Redis on `redisPort`. */
export function queueMode(redisPort: number, extraEnv: Record<string, string>): StartOptions {
	return {
		workers: 2,
		workerConcurrency: 1,
		extraEnv: {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redisPort),
			N8N_LOG_LEVEL: 'info',
			...extraEnv,
		},
	};
}

/** A Redis for queue mode on its own port, with nothing saved to disk. */
export async function startRedis(port: number): Promise<ChildProcess> {
	requireSystemTool('redis-server', 'apt-get install redis-server');
	const child = spawn(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await waitFor(
		'redis-server to accept connections',
		async () => (output.includes('Ready to accept connections') ? true : undefined),
		30_000,
	);
	return child;
}

/** Every process below `pid` (a worker's task runners), read from /proc. */
function descendantsOf(pid: number): number[] {
	const parents = new Map<number, number[]>();
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			// The parent is the 2nd field after the command name, which is in parentheses and may hold spaces.
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			parents.set(parent, [...(parents.get(parent) ?? []), Number(entry)]);
		} catch {
			// gone meanwhile
		}
	}
	const found: number[] = [];
	const walk = (parent: number) => {
		for (const child of parents.get(parent) ?? []) {
			found.push(child);
			walk(child);
		}
	};
	walk(pid);
	return found;
}

/**
 * Kills a queue worker with SIGKILL, as the kernel's OOM killer or a lost container does: it saves
 * nothing. The processes it started are ended after it (they would outlive the test otherwise).
 */
export async function killWorker(n8n: RunningN8n, index: number): Promise<void> {
	const worker = n8n.processes[index];
	const pid = worker.child.pid!;
	const below = descendantsOf(pid);
	const exited = new Promise<void>((done) =>
		worker.child.exitCode !== null || worker.child.signalCode !== null
			? done()
			: worker.child.once('exit', () => done()),
	);
	worker.child.kill('SIGKILL');
	await exited;
	for (const child of below) {
		try {
			process.kill(child, 'SIGKILL');
		} catch {
			// ended with its parent
		}
	}
}

/**
 * Starts the killed worker again on the same user folder, as a container restart policy does on n8n's
 * docker-compose for queue mode (one volume for main and workers); stopped with the rest.
 */
export async function restartWorker(n8n: RunningN8n): Promise<void> {
	const healthPort = await freePort();
	const env = {
		...n8n.env,
		N8N_RUNNERS_BROKER_PORT: String(await freePort()),
		QUEUE_HEALTH_CHECK_ACTIVE: 'true',
		QUEUE_HEALTH_CHECK_PORT: String(healthPort),
	};
	const worker = spawnN8n(n8n.bin, ['worker', '--concurrency=1'], env);
	n8n.processes.push(worker);
	await waitForHttp(`http://127.0.0.1:${healthPort}/healthz`, worker.output);
}
