/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * The simulator of the write and read benches, in a child process of its own so that the CPU a bench measures is
 * the node's: storage, DVS and MCP over one store, with the rate limits out of the way (create_folder's window and
 * the MCP limiter's are not what is measured). Clients talk to it straight (no proxy on the timed path); the bytes
 * on the wire are counted at its own sockets (`net.server.socket`, headers included). The bench asks over IPC for
 * the folders, files, tasks and counts of a row; a folder's entries go straight into the store.
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

import { mountDvs, mountMcp } from '../../devkit/simulator';
import { main } from '../../devkit/simulator/cli';
import { insertTask } from '../../devkit/simulator/dvs/direct';
import type { FaultSpec } from '../../devkit/simulator/types';
import type { Simulator } from '../../devkit/simulator/server';

export type WriteRequest =
	/** A new folder under the PRO account's ROOT holding `entries` files: its hash. */
	| { op: 'folder'; entries: number }
	/** Deletes what was written into the folder since `folder` filled it (it holds its entries again): how many. */
	| { op: 'trim'; folder: string }
	/** A new task in the DVS demo project: its ID. */
	| { op: 'task' }
	| { op: 'wire' }
	| { op: 'fault'; spec: FaultSpec }
	| { op: 'clearFaults' };

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

function handler(sim: Simulator, owner: number, root: string, dvs: Awaited<ReturnType<typeof mountDvs>>) {
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
		}
	};
}

if (require.main === module) {
	void main({
		argv: ['--ttl-seconds', '7200'],
		print: () => undefined,
		// 200 folder creates a run, several runs a minute: create_folder's rate window is not what is measured.
		simulatorOptions: { createFolderRatePerMinute: 1_000_000_000 },
		setup: async (sim, demo) => {
			const dvs = await mountDvs(sim);
			// The MCP limiter's windows shrink to microseconds: the document's 30 writes a minute are not measured.
			mountMcp(sim, dvs, { timeScale: 1e-6 });
			const answer = handler(sim, demo.pro.userId, demo.pro.rootFolderHash, dvs);
			process.on('message', (message: { id: number; request: WriteRequest }) =>
				process.send?.({ id: message.id, result: answer(message.request) }),
			);
			process.on('disconnect', () => process.exit(0));
			const admin = dvs.seed.orgA.users.admin;
			const storage = { user: demo.pro.login, token: demo.pro.apiToken, userId: demo.pro.userId };
			const ready: WriteReady = {
				baseUrl: sim.baseUrl,
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
