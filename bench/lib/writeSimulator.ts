/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * The simulator of the write and read benches, in a child process of its own so that the CPU a bench measures is
 * the node's: storage, DVS and MCP over one store, with the rate limits out of the way (create_folder's window and
 * the MCP limiter's are not what is measured). Clients talk to it straight (no proxy on the timed path); the bytes
 * on the wire are counted at its own sockets (`net.server.socket`, headers included). The bench asks over IPC for
 * the folders, files, tasks and counts of a row; a folder's entries go straight into the store.
 * With BENCH_REMOTE (a RemoteShape in JSON) it plays Svc across the internet instead: clients reach it through the
 * remote proxy (bench/lib/remoteProxy.ts) in this process, and the rate limits are on, each run starting with them
 * clear (`clearLimits`); the bench counts the 429s (`refusals`).
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

import { mountDvs, mountMcp } from '../../devkit/simulator';
import { main } from '../../devkit/simulator/cli';
import { insertTask } from '../../devkit/simulator/dvs/direct';
import type { FaultSpec } from '../../devkit/simulator/types';
import type { Simulator } from '../../devkit/simulator/server';
import { startRemoteProxy, type RemoteProxy, type RemoteShape } from './remoteProxy';

export type WriteRequest =
	/** A new folder under the PRO account's ROOT holding `entries` files: its hash. */
	| { op: 'folder'; entries: number }
	/** Deletes what was written into the folder since `folder` filled it (it holds its entries again): how many. */
	| { op: 'trim'; folder: string }
	/** A new task in the DVS demo project: its ID. */
	| { op: 'task' }
	| { op: 'wire' }
	| { op: 'fault'; spec: FaultSpec }
	| { op: 'clearFaults' }
	/** Forgets every rate window (create_folder's, the MCP buckets), as a quiet hour would. */
	| { op: 'clearLimits' }
	/** The requests answered 429 since the simulator started. */
	| { op: 'refusals' }
	/** The connections opened through the remote proxy since it started (0 without one). */
	| { op: 'connections' };

/** What went over the wire since the simulator started: requests as its log counts them, bytes at its sockets. */
export interface Wire {
	requests: number;
	/** Bytes clients sent (requests), and bytes they received (responses), headers included. */
	sent: number;
	received: number;
}

export interface WriteReady {
	baseUrl: string;
	storage: { user: string; token: string; userId: number; fileHash: string };
	dvs: { user: string; token: string; userId: number; projectId: number; taskId: number };
}

/** Counts the bytes of every connection the simulator accepts: those closed, and those open now. */
function socketCounter(): () => { sent: number; received: number } {
	const open = new Set<Socket>();
	const closed = { sent: 0, received: 0 };
	subscribe('net.server.socket', (message) => {
		const { socket } = message as { socket: Socket };
		open.add(socket);
		socket.once('close', () => {
			open.delete(socket);
			closed.sent += socket.bytesRead;
			closed.received += socket.bytesWritten;
		});
	});
	return () => {
		const counts = { ...closed };
		for (const socket of open) {
			counts.sent += socket.bytesRead;
			counts.received += socket.bytesWritten;
		}
		return counts;
	};
}

interface Parts {
	sim: Simulator;
	owner: number;
	root: string;
	dvs: Awaited<ReturnType<typeof mountDvs>>;
	mcp: ReturnType<typeof mountMcp>;
	proxy?: RemoteProxy;
}

function handler({ sim, owner, root, dvs, mcp, proxy }: Parts) {
	const org = dvs.seed.orgA;
	const bytes = socketCounter();
	const filled = new Map<string, Set<string>>();
	let folders = 0;
	let tasks = 0;
	return (request: WriteRequest): unknown => {
		switch (request.op) {
			case 'folder': {
				const folder = sim.storage.createFolder(owner, root, `writes ${++folders}`);
				for (let n = 0; n < request.entries; n++)
					sim.storage.addFile(owner, folder.hash, `entry-${n}.txt`, Buffer.from('x'));
				filled.set(folder.hash, new Set(sim.storage.listChildren(folder.hash).map((item) => item.hash)));
				return folder.hash;
			}
			case 'trim': {
				const kept = filled.get(request.folder) ?? new Set<string>();
				const written = sim.storage.listChildren(request.folder).filter((item) => !kept.has(item.hash));
				for (const item of written) {
					if (item.type === 'folder') sim.storage.deleteFolder(item.hash);
					else sim.storage.deleteFile(item.hash);
				}
				return written.length;
			}
			case 'task':
				return insertTask(dvs.store, {
					orgId: org.orgId,
					creatorId: org.users.admin.id,
					values: { dvs_project_id: org.projects.website, name: `Commented task ${++tasks}` },
				}).id;
			case 'wire':
				return { requests: sim.requests.length, ...bytes() } satisfies Wire;
			case 'fault':
				sim.faults.add(request.spec);
				return true;
			case 'clearFaults':
				sim.faults.clear();
				return true;
			case 'clearLimits':
				sim.clearLimits();
				mcp.state.limiter.clear();
				return true;
			case 'refusals':
				return sim.requests.filter((entry) => entry.status === 429).length;
			case 'connections':
				return proxy?.connections() ?? 0;
		}
	};
}

if (require.main === module) {
	const remote = process.env.BENCH_REMOTE ? (JSON.parse(process.env.BENCH_REMOTE) as RemoteShape) : undefined;
	void main({
		argv: ['--ttl-seconds', '7200'],
		print: () => undefined,
		// 200 folder creates a run, several runs a minute: create_folder's rate window is not what is measured,
		// but across the internet, where its 429 is what chooses the node's pace.
		simulatorOptions: remote ? {} : { createFolderRatePerMinute: 1_000_000_000 },
		setup: async (sim, demo) => {
			const dvs = await mountDvs(sim);
			// The MCP limiter's windows shrink to microseconds: the document's 30 writes a minute are not measured
			// (but across the internet).
			const mcp = mountMcp(sim, dvs, { timeScale: remote ? 1 : 1e-6 });
			const proxy = remote ? await startRemoteProxy(sim.port, remote) : undefined;
			const owner = demo.pro.userId;
			const answer = handler({ sim, owner, root: demo.pro.rootFolderHash, dvs, mcp, proxy });
			process.on('message', (message: { id: number; request: WriteRequest }) =>
				process.send?.({ id: message.id, result: answer(message.request) }),
			);
			process.on('disconnect', () => process.exit(0));
			const admin = dvs.seed.orgA.users.admin;
			const storage = { user: demo.pro.login, token: demo.pro.apiToken, userId: demo.pro.userId };
			const ready: WriteReady = {
				baseUrl: proxy ? `http://127.0.0.1:${proxy.port}` : sim.baseUrl,
				storage: { ...storage, fileHash: demo.files.contract.hash },
				dvs: {
					user: admin.login,
					token: admin.token,
					userId: admin.id,
					projectId: dvs.seed.orgA.projects.website,
					taskId: dvs.seed.orgA.tasks.design,
				},
			};
			process.send?.({ ready });
		},
	});
}
