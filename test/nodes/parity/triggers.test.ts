/**
 * The polling triggers with an MCP credential: the same items and fields as with the REST
 * credential on the same data, and the soak of test/nodes/triggers (bursts, deletions and
 * injected faults; every item exactly once) run against the MCP endpoint.
 */
import { addComment, addFile, addTask, type TriggerEnv } from '../triggers/env';
import { burstSize, soak } from '../triggers/soak';
import { triggerEvents } from './triggerEvents';

const parity = triggerEvents();
let env: TriggerEnv;
beforeAll(() => {
	env = parity.env();
});
const storagePoller = parity.storagePoller;
const dvsPoller = parity.dvsPoller;
const rootHash = parity.rootHash;
const byHash = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

describe('soak over MCP: every item exactly once through bursts, deletions and faults', () => {
	it('Svc Storage Trigger', async () => {
		const folder = env.sim.storage.createFolder(env.storage.userId, rootHash(), 'mcp-soak');
		const sub = env.sim.storage.createFolder(env.storage.userId, folder.hash, 'sub');
		const live: string[] = [];
		let serial = 0;
		await soak(
			env,
			'storage new file over MCP',
			storagePoller('mcp', { folder: byHash(folder.hash), subfolderDepth: 1, options: { maxFilesPerPoll: 25 } }),
			{
				actions: ['svc_list_folder'],
				faultMatches: [{ mcpTool: 'svc_list_folder' }],
				requestsPerPoll: 2,
				idOf: (json) => String(json.file_hash),
				write: (rand) => {
					const created: string[] = [];
					const deleted: string[] = [];
					for (let n = burstSize(rand); n > 0; n--) {
						const file = addFile(env, `mcp-soak-${serial++}.txt`, { folderHash: rand() < 0.3 ? sub.hash : folder.hash });
						created.push(file.hash);
						live.push(file.hash);
					}
					if (rand() < 0.3 && live.length > 0) {
						const [victim] = live.splice(Math.floor(rand() * live.length), 1);
						env.sim.storage.deleteFile(victim);
						deleted.push(victim);
					}
					return { created, deleted };
				},
			},
			11,
		);
	}, 180_000);

	it('Svc DVS Trigger, New Task', async () => {
		const project = env.dvs.seed.orgA.projects.website;
		let serial = 0;
		await soak(
			env,
			'dvs new task over MCP',
			dvsPoller('mcp', { event: 'newTask', project: byHash(project), options: { maxItemsPerPoll: 25 } }),
			{
				actions: ['svc_dvs_list_documents'],
				faultMatches: [{ mcpTool: 'svc_dvs_list_documents' }],
				requestsPerPoll: 2,
				idOf: (json) => String(json.dvs_document_id),
				write: (rand) => {
					const created: string[] = [];
					for (let n = burstSize(rand); n > 0; n--) created.push(String(addTask(env, `mcp soak task ${serial++}`, { project }).id));
					return { created, deleted: [] };
				},
			},
			12,
		);
	}, 180_000);

	it('Svc DVS Trigger, New Comment on matching tasks', async () => {
		const project = env.dvs.store.insertDocument(env.dvs.seed.orgA.orgId, 'project_2', {
			values: { name: 'mcp comment soak' },
			creatorId: env.dvs.seed.orgA.users.admin.id,
		}).id;
		const tasks = Array.from({ length: 20 }, (_, i) => addTask(env, `mcp soak comment task ${i}`, { project }).id);
		const live: number[] = [];
		let serial = 0;
		await soak(
			env,
			'dvs new comment over MCP',
			dvsPoller('mcp', {
				event: 'newComment',
				watch: 'tasks',
				project: byHash(project),
				options: { maxItemsPerPoll: 25, tasksCheckedPerPoll: 10 },
			}),
			{
				actions: ['svc_dvs_list_documents', 'svc_dvs_get_comments'],
				faultMatches: [{ mcpTool: 'svc_dvs_list_documents' }, { mcpTool: 'svc_dvs_get_comments' }],
				requestsPerPoll: 8,
				idOf: (json) => String(json.id),
				write: (rand) => {
					const created: string[] = [];
					const deleted: string[] = [];
					if (rand() < 0.05) tasks.push(addTask(env, `mcp soak comment task ${tasks.length}`, { project }).id);
					for (let n = burstSize(rand); n > 0; n--) {
						const comment = addComment(env, tasks[Math.floor(rand() * tasks.length)], `mcp soak comment ${serial++}`);
						created.push(String(comment.id));
						live.push(comment.id);
					}
					if (rand() < 0.2 && live.length > 0) {
						const [victim] = live.splice(Math.floor(rand() * live.length), 1);
						env.dvs.store.deleteComment(victim);
						deleted.push(String(victim));
					}
					return { created, deleted };
				},
			},
			13,
		);
	}, 180_000);
});
