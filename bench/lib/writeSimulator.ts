/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * The simulator of the write benches, in a child process of its own so that the CPU a bench measures is the
 * node's: storage, DVS and MCP over one store, with the rate limits out of the way (create_folder's window
 * and the MCP limiter's are not what is measured), behind a TCP proxy that counts the bytes on the wire.
 * Clients talk to the proxy (`baseUrl`); the bench asks over IPC for the folders, tasks and counts of a row.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

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

/** What went over the wire since the simulator started: requests as its log counts them, bytes as the proxy does. */
export interface Wire {
	requests: number;
	/** Bytes clients sent (requests), and bytes they received (responses), headers included. */
	sent: number;
	received: number;
}

export interface WriteReady {
	/** The counting proxy in front of the simulator. */
	baseUrl: string;
	storage: { user: string; token: string; userId: number };
	dvs: { user: string; token: string; userId: number; projectId: number };
}

/** A TCP proxy on 127.0.0.1 that counts what goes through it each way. */
async function countingProxy(
	targetPort: number,
): Promise<{ port: number; counts: { sent: number; received: number } }> {
	const counts = { sent: 0, received: 0 };
	const server = createServer((client: Socket) => {
		const upstream = connect(targetPort, '127.0.0.1');
		client.on('data', (chunk: Buffer) => (counts.sent += chunk.length));
		upstream.on('data', (chunk: Buffer) => (counts.received += chunk.length));
		client.pipe(upstream);
		upstream.pipe(client);
		client.on('error', () => upstream.destroy());
		upstream.on('error', () => client.destroy());
		client.on('close', () => upstream.destroy());
		upstream.on('close', () => client.destroy());
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	server.unref();
	return { port: (server.address() as AddressInfo).port, counts };
}

function handler(sim: Simulator, owner: number, root: string, dvs: Awaited<ReturnType<typeof mountDvs>>) {
	const org = dvs.seed.orgA;
	const filled = new Map<string, Set<string>>();
	let folders = 0;
	let tasks = 0;
	return (request: WriteRequest, counts: { sent: number; received: number }): unknown => {
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
				return { requests: sim.requests.length, ...counts } satisfies Wire;
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
			const proxy = await countingProxy(sim.port);
			const answer = handler(sim, demo.pro.userId, demo.pro.rootFolderHash, dvs);
			process.on('message', (message: { id: number; request: WriteRequest }) =>
				process.send?.({ id: message.id, result: answer(message.request, proxy.counts) }),
			);
			process.on('disconnect', () => process.exit(0));
			const admin = dvs.seed.orgA.users.admin;
			const ready: WriteReady = {
				baseUrl: `http://127.0.0.1:${proxy.port}`,
				storage: { user: demo.pro.login, token: demo.pro.apiToken, userId: demo.pro.userId },
				dvs: { user: admin.login, token: admin.token, userId: admin.id, projectId: dvs.seed.orgA.projects.website },
			};
			process.send?.({ ready });
		},
	});
}
