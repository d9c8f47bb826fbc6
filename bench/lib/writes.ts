/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the bench tools, never inside n8n */
/**
 * One side's run of a write or read bench through n8n's engine in this process (bench/lib/peers.ts says what each
 * side sends), against the write simulator in a child process (bench/lib/writeSimulator.ts): its time as n8n
 * records it, this process's CPU (the engine and the node; the simulator's is elsewhere) and what went over the wire.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import { runNode, type HarnessInputItem } from '../../devkit/harness';
import { startIpcChild, type IpcChild } from './ipcChild';
import { credentialsOf, ourParameters, peerParameters, type Auth, type Kind, type Side } from './peers';
import type { RemoteShape } from './remoteProxy';
import { floorParameters, REQUEST_FLOOR_TYPE } from './requestFloor';
import type { Wire, WriteReady, WriteRequest } from './writeSimulator';

export type WriteSimulator = IpcChild<WriteReady, WriteRequest>;

/** "rest" → "Rest": a word of a report key. */
export const capitalized = (word: string): string => word[0].toUpperCase() + word.slice(1);

/** Each upload's content: a small text file (1.1 KB), as a backup or export workflow writes. */
const CONTENT = Buffer.from(`${'backup line of a workflow export\n'.repeat(31)}end\n`);

/**
 * The write simulator, straight on the loopback; with `remote`, behind the remote proxy (bench/lib/remoteProxy.ts)
 * with the documents' rate limits on, as Svc across the internet is.
 */
export async function startWriteSimulator(remote?: RemoteShape): Promise<WriteSimulator> {
	const env: Record<string, string> = remote ? { BENCH_REMOTE: JSON.stringify(remote) } : {};
	return await startIpcChild<WriteReady, WriteRequest>(`${__dirname}/writeSimulator.ts`, env);
}

/**
 * `count` items named `${tag}-${n}`. An upload's item holds CONTENT as binary under that name, and in base64 in
 * `content` too: the HTTP Request node's MCP call sends that (an expression cannot read n8n's binary store).
 * Every side gets the same items.
 */
export function writeItems(kind: Kind, count: number, tag: string): HarnessInputItem[] {
	return Array.from({ length: count }, (_, n) =>
		kind === 'upload'
			? {
					json: { name: `${tag}-${n}.txt`, content: CONTENT.toString('base64') },
					binary: { data: { data: CONTENT, fileName: `${tag}-${n}.txt`, mimeType: 'text/plain' } },
				}
			: { json: { name: `${tag}-${n}` } },
	);
}

export interface Measured {
	/** The node's own run time as n8n records it (the start node that puts the items in is not counted). */
	seconds: number;
	/** The whole execution's wall time, as the harness runs it (workflow set-up and the start node included). */
	wallSeconds: number;
	/** This process's CPU time over the execution (the engine and the node; the simulator runs elsewhere). */
	cpuMs: number;
	wire: Wire;
}

export interface Write {
	kind: Kind;
	auth: Auth;
	/** A side of the comparison, or the request floor (bench/lib/requestFloor.ts: reads only). */
	side: Side | 'floor';
	/** The floor's requests at once (its At Once): without it, every item's at once. */
	atOnce?: number;
}

/** Runs one side's `items` into `destination`; throws when the run or an item failed. */
export async function runWrites(
	sim: WriteSimulator,
	write: Write,
	destination: string | number,
	items: HarnessInputItem[],
): Promise<Measured> {
	const { kind, auth, side, atOnce } = write;
	const [type, parameters] =
		side === 'ours'
			? ourParameters(kind, auth, destination)
			: side === 'floor'
				? [REQUEST_FLOOR_TYPE, floorParameters(sim.ready, kind, destination, atOnce)]
				: ['n8n-nodes-base.httpRequest', peerParameters(sim.ready, { kind, auth, peer: side }, destination)];
	const before = await sim.ask<Wire>({ op: 'wire' });
	const cpu = process.cpuUsage();
	const started = process.hrtime.bigint();
	const run = await runNode({
		type,
		typeVersion: side === 'ours' || side === 'floor' ? undefined : 4.2,
		parameters,
		credentials: side === 'plain' || side === 'floor' ? {} : credentialsOf(sim.ready, kind, auth),
		input: items,
	});
	const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
	const used = process.cpuUsage(cpu);
	const after = await sim.ask<Wire>({ op: 'wire' });
	const failed = run.items.find((item) => item.json.error !== undefined || isToolError(item.json));
	if (run.error || failed || run.items.length !== items.length)
		throw new Error(
			`${side} ${kind} over ${auth}: ${run.error?.message ?? JSON.stringify(failed?.json ?? run.items.length)}`,
		);
	return {
		seconds: (run.executionTimeMs ?? 0) / 1000,
		wallSeconds,
		cpuMs: (used.user + used.system) / 1000,
		wire: {
			requests: after.requests - before.requests,
			sent: after.sent - before.sent,
			received: after.received - before.received,
		},
	};
}

/** A JSON-RPC answer that is an error, or a tool result marked as one (the HTTP Request node passes both on). */
function isToolError(json: INodeExecutionData['json']): boolean {
	const result = json.result as { isError?: boolean } | undefined;
	return json.jsonrpc !== undefined && (json.error !== undefined || result?.isError === true);
}
