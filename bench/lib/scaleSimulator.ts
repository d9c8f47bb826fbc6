/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the bench tools, never inside n8n */
/**
 * The simulator for the scale bench, in a child process of its own so that what the bench measures
 * (CPU, memory) is the node's, not the server's. The bench asks over IPC for the data of a row (a
 * folder of many files, a subtree, a project of many tasks) and for changes between polls; the data
 * goes straight into the stores, as the service's own clients would have put it there over time.
 */
import { mountDvs, mountMcp, type DvsPart } from '../../devkit/simulator';
import { main } from '../../devkit/simulator/cli';
import { insertTask } from '../../devkit/simulator/dvs/direct';
import type { DemoData } from '../../devkit/simulator/seed';
import type { Simulator } from '../../devkit/simulator/server';

export type ScaleRequest =
	| { op: 'folder'; files: number; subfolders?: number }
	| { op: 'addFiles'; folder: string; count: number }
	| { op: 'project'; tasks: number }
	| { op: 'addTasks'; project: number; count: number }
	| { op: 'updateTasks'; project: number; count: number }
	| { op: 'requests' };

export interface ScaleReady {
	baseUrl: string;
	storage: { user: string; token: string; mcpUserId: number };
	dvs: { user: string; token: string };
}

function handler(sim: Simulator, demo: DemoData, dvs: DvsPart) {
	const owner = demo.pro.userId;
	const org = dvs.seed.orgA;
	const admin = org.users.admin.id;
	let folders = 0;
	const addFiles = (folder: string, count: number, prefix: string) => {
		for (let n = 0; n < count; n++) sim.storage.addFile(owner, folder, `${prefix}-${n}.txt`, Buffer.from('x'));
	};
	return (request: ScaleRequest): unknown => {
		switch (request.op) {
			case 'folder': {
				const folder = sim.storage.createFolder(owner, demo.pro.rootFolderHash, `scale ${++folders}`);
				const places = request.subfolders
					? Array.from(
							{ length: request.subfolders },
							(_, n) => sim.storage.createFolder(owner, folder.hash, `sub ${n}`).hash,
						)
					: [folder.hash];
				for (const [n, place] of places.entries())
					addFiles(place, Math.floor(request.files / places.length), `file-${n}`);
				return folder.hash;
			}
			case 'addFiles':
				addFiles(request.folder, request.count, `new-${Date.now()}`);
				return request.count;
			case 'project': {
				const project = dvs.store.insertDocument(org.orgId, 'project_2', {
					values: { name: `Scale ${Date.now()}` },
					creatorId: admin,
				}).id;
				for (let n = 0; n < request.tasks; n++)
					insertTask(dvs.store, {
						orgId: org.orgId,
						creatorId: admin,
						values: { dvs_project_id: project, name: `Task ${n}` },
					});
				return project;
			}
			case 'addTasks':
				for (let n = 0; n < request.count; n++)
					insertTask(dvs.store, {
						orgId: org.orgId,
						creatorId: admin,
						values: { dvs_project_id: request.project, name: `New task ${n}` },
					});
				return request.count;
			case 'updateTasks': {
				const tasks = dvs.store
					.documents(org.orgId, 'task')
					.filter((task) => task.values.dvs_project_id === request.project)
					.slice(0, request.count);
				const now = Date.now();
				for (const task of tasks) {
					task.values.name = `${String(task.values.name)} (changed)`;
					task.updatedAt = now;
					task.history.push({ kind: 'update', at: now, actorId: admin, fields: ['name'] });
				}
				return tasks.length;
			}
			case 'requests':
				return sim.requests.length;
		}
	};
}

if (require.main === module) {
	void main({
		argv: ['--ttl-seconds', '3600'],
		print: () => undefined,
		setup: async (sim, demo) => {
			const dvs = await mountDvs(sim);
			mountMcp(sim, dvs);
			const answer = handler(sim, demo, dvs);
			process.on('message', (message: { id: number; request: ScaleRequest }) =>
				process.send?.({ id: message.id, result: answer(message.request) }),
			);
			process.on('disconnect', () => process.exit(0));
			const ready: ScaleReady = {
				baseUrl: sim.baseUrl,
				storage: { user: demo.pro.login, token: demo.pro.apiToken, mcpUserId: demo.pro.userId },
				dvs: { user: dvs.seed.orgA.users.admin.login, token: dvs.seed.orgA.users.admin.token },
			};
			process.send?.({ ready });
		},
	});
}
