/**
 * Every write operation of the Svc Storage and Svc DVS nodes, over REST and over MCP, described
 * for the reliability suites: how to run it once through the engine with a unique marker, which
 * requests are its write, and how many objects carrying the marker the service holds afterwards.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../devkit/harness';
import { byId, type Auth, type ParityEnv, type RunExtra } from '../nodes/parity/env';
import { fieldsParameter } from '../nodes/SvcDvs/env';
import { OPERATION_CASES, type OperationCase } from '../../devkit/operationCases';
import type { ServiceSimulator } from '../../devkit/simulator';
import type { FaultMatch } from '../../devkit/simulator/types';

export interface WriteOperation {
	/** `rest folder.create`, `mcp task.update`… */
	name: string;
	auth: Auth;
	/** Requests that carry the write (not the reads around it). */
	match: FaultMatch;
	/** DVS tools over MCP can answer `status: "uncertain"`. */
	dvsOverMcp: boolean;
	/** Prepares a destination once; returns the run and the count for one marker. */
	prepare(env: ParityEnv): Promise<PreparedOperation>;
}

export interface PreparedOperation {
	/** One run with a marker, node parameters beside the operation's, and n8n's settings around the node. */
	run(marker: string, extra: INodeParameters, recovery?: RunExtra['recovery']): Promise<NodeRunResult>;
	/** Objects (or applied changes) carrying the marker that exist now. */
	count(marker: string): number;
}

/** The marker as a sibling name may hold it: itself or with the number the service adds (`x (1).txt`). */
function carries(name: string, marker: string): boolean {
	return name === marker || name.startsWith(`${marker} (`) || name.startsWith(`${marker}.`);
}

function storageFolder(sim: ServiceSimulator, label: string) {
	const pro = sim.demo.pro;
	return sim.storage.createFolder(pro.userId, pro.rootFolderHash, `${label}-${Math.random().toString(36).slice(2, 8)}`);
}

function textFile(name: string, content: string) {
	return [{ json: {}, binary: { data: { data: Buffer.from(content), fileName: name, mimeType: 'text/plain' } } }];
}

const storageMatch = (auth: Auth, action: string, tool: string): FaultMatch =>
	auth === 'rest' ? { action } : { mcpTool: tool };

function folderCreate(auth: Auth): WriteOperation {
	return {
		name: `${auth} folder.create`,
		auth,
		match: storageMatch(auth, 'create_folder', 'svc_create_folder'),
		dvsOverMcp: false,
		prepare: async (env) => {
			const parent = storageFolder(env.sim(), 'chaos-folders');
			return {
				run: async (marker, extra, recovery) =>
					await env.storage(
						auth,
						{ resource: 'folder', operation: 'create', parentFolder: byId(parent.hash), folderName: marker, ...extra },
						{ recovery },
					),
				count: (marker) =>
					env
						.sim()
						.storage.listChildren(parent.hash)
						.filter((item) => item.type === 'folder' && carries(item.name, marker)).length,
			};
		},
	};
}

function fileUpload(auth: Auth): WriteOperation {
	return {
		name: `${auth} file.upload`,
		auth,
		match: storageMatch(auth, 'upload_file', 'svc_upload_file'),
		dvsOverMcp: false,
		prepare: async (env) => {
			const folder = storageFolder(env.sim(), 'chaos-files');
			return {
				run: async (marker, extra, recovery) =>
					await env.storage(
						auth,
						{ resource: 'file', operation: 'upload', folder: byId(folder.hash), binaryPropertyName: 'data', ...extra },
						{ input: textFile(`${marker}.txt`, `content of ${marker}`), recovery },
					),
				count: (marker) =>
					env
						.sim()
						.storage.listChildren(folder.hash)
						.filter((item) => item.type === 'file' && carries(item.name, marker)).length,
			};
		},
	};
}

/** Import From URL (MCP only): the simulator's import source answers every URL under files.example.com. */
function fileImport(): WriteOperation {
	return {
		name: 'mcp file.import',
		auth: 'mcp',
		match: { mcpTool: 'svc_import_file' },
		dvsOverMcp: false,
		prepare: async (env) => {
			const folder = storageFolder(env.sim(), 'chaos-imports');
			return {
				run: async (marker, extra, recovery) =>
					await env.storage(
						'mcp',
						{
							resource: 'file',
							operation: 'importFromUrl',
							folder: byId(folder.hash),
							source: 'url',
							sourceUrl: `https://files.example.com/${marker}.pdf`,
							fileName: `${marker}.pdf`,
							...extra,
						},
						{ recovery },
					),
				count: (marker) =>
					env
						.sim()
						.storage.listChildren(folder.hash)
						.filter((item) => item.type === 'file' && carries(item.name, marker)).length,
			};
		},
	};
}

function dvsMatch(auth: Auth, action: string, tool: string): FaultMatch {
	return auth === 'rest' ? { action } : { mcpTool: tool };
}

function taskCreate(auth: Auth): WriteOperation {
	return {
		name: `${auth} task.create`,
		auth,
		match: dvsMatch(auth, 'create_document', 'svc_dvs_create_task'),
		dvsOverMcp: auth === 'mcp',
		prepare: async (env) => {
			const a = env.sim().dvs.seed.orgA;
			return {
				run: async (marker, extra, recovery) =>
					await env.dvs(
						auth,
						{
							resource: 'task',
							operation: 'create',
							project: byId(a.projects.website),
							fields: fieldsParameter({ name: marker, followers: `${a.users.worker.id}` }),
							...extra,
						},
						{ recovery },
					),
				count: (marker) =>
					env
						.sim()
						.dvs.store.documents(a.orgId, 'task')
						.filter((task) => task.values.name === marker).length,
			};
		},
	};
}

/** An update is idempotent: "exists" means the task holds the marker. Never more than one. */
function taskUpdate(auth: Auth): WriteOperation {
	return {
		name: `${auth} task.update`,
		auth,
		match: dvsMatch(auth, 'update_document', 'svc_dvs_update_task'),
		dvsOverMcp: auth === 'mcp',
		prepare: async (env) => {
			const a = env.sim().dvs.seed.orgA;
			const taskId = a.tasks.header;
			return {
				run: async (marker, extra, recovery) =>
					await env.dvs(
						auth,
						{
							resource: 'task',
							operation: 'update',
							documentId: byId(taskId),
							fields: fieldsParameter({ name: marker }),
							...extra,
						},
						{ recovery },
					),
				count: (marker) => (env.sim().dvs.store.documentById(taskId)?.values.name === marker ? 1 : 0),
			};
		},
	};
}

function commentAdd(auth: Auth): WriteOperation {
	return {
		name: `${auth} comment.add`,
		auth,
		match: dvsMatch(auth, 'add_comment', 'svc_dvs_add_comment'),
		dvsOverMcp: auth === 'mcp',
		prepare: async (env) => {
			const a = env.sim().dvs.seed.orgA;
			const taskId = a.tasks.design;
			return {
				run: async (marker, extra, recovery) =>
					await env.dvs(
						auth,
						{ resource: 'comment', operation: 'add', task: byId(taskId), comment: `Note ${marker}`, ...extra },
						{ recovery },
					),
				count: (marker) =>
					env
						.sim()
						.dvs.store.comments(taskId)
						.filter((comment) => comment.storedHtml.includes(marker)).length,
			};
		},
	};
}

function attachmentUpload(auth: Auth): WriteOperation {
	return {
		name: `${auth} attachment.upload`,
		auth,
		match: dvsMatch(auth, 'upload_document_file', 'svc_dvs_upload_file'),
		dvsOverMcp: auth === 'mcp',
		prepare: async (env) => {
			const a = env.sim().dvs.seed.orgA;
			const taskId = a.attachedTask.taskId;
			const folderOf = () => env.sim().dvs.store.documentById(taskId)?.uploadHash;
			return {
				run: async (marker, extra, recovery) =>
					await env.dvs(
						auth,
						{ resource: 'attachment', operation: 'upload', task: byId(taskId), binaryPropertyName: 'data', ...extra },
						{ input: textFile(`${marker}.txt`, `attachment ${marker}`), recovery },
					),
				count: (marker) => {
					const folder = folderOf();
					return folder
						? env
								.sim()
								.storage.listChildren(folder)
								.filter((item) => carries(item.name, marker)).length
						: 0;
				},
			};
		},
	};
}

function contactCreate(): WriteOperation {
	return {
		name: 'rest contact.create',
		auth: 'rest',
		match: { action: 'create_document' },
		dvsOverMcp: false,
		prepare: async (env) => {
			const a = env.sim().dvs.seed.orgA;
			return {
				run: async (marker, extra, recovery) =>
					await env.dvs(
						'rest',
						{
							resource: 'contactPerson',
							operation: 'create',
							fields: fieldsParameter({ name: marker, email: 'chaos@example.com' }),
							...extra,
						},
						{ user: a.users.contacts, recovery },
					),
				count: (marker) =>
					env
						.sim()
						.dvs.store.documents(a.orgId, 'contact_person')
						.filter((doc) => doc.values.name === marker).length,
			};
		},
	};
}

/** A write declared in devkit/operationCases.ts that makes something: its marker is the name it writes. */
function declaredWrite(declared: OperationCase, auth: Auth): WriteOperation {
	const { resource, operation, answers } = declared;
	const writes = declared.writes!;
	return {
		name: `${auth} ${resource}.${operation}`,
		auth,
		match: auth === 'rest' ? { action: answers.rest!.action } : { mcpTool: answers.mcp!.tool },
		dvsOverMcp: false,
		prepare: async (env) => {
			const into = storageFolder(env.sim(), `chaos-${resource}-${operation}`);
			const parameters = { resource, operation, ...declared.parameters(env.sim()), [writes.into]: byId(into.hash) };
			return {
				run: async (marker, extra, recovery) =>
					await env.storage(auth, { ...parameters, [writes.named]: marker, ...extra }, { recovery }),
				count: (marker) =>
					env
						.sim()
						.storage.listChildren(into.hash)
						.filter((item) => item.type === writes.kind && carries(item.name, marker)).length,
			};
		},
	};
}

/** Every write operation, over REST and over MCP (with those declared in devkit/operationCases.ts). */
export const WRITE_OPERATIONS: WriteOperation[] = [
	folderCreate('rest'),
	folderCreate('mcp'),
	fileUpload('rest'),
	fileUpload('mcp'),
	fileImport(),
	taskCreate('rest'),
	taskCreate('mcp'),
	taskUpdate('rest'),
	taskUpdate('mcp'),
	commentAdd('rest'),
	commentAdd('mcp'),
	attachmentUpload('rest'),
	attachmentUpload('mcp'),
	contactCreate(),
	...OPERATION_CASES.filter((declared) => declared.writes).flatMap((declared) =>
		declared.apis.map((auth) => declaredWrite(declared, auth)),
	),
];
