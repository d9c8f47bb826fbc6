/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The bad-answer suite: every action of Svc Storage and Svc DVS (REST and MCP) answered with a
 * 2xx that is not the documented answer - a login page, cut JSON, an empty body, `success:
 * false`, an empty object or list, a zero id - and how many of those became a success. A write
 * whose answer was bad may still succeed by reading the destination back (`reconciled: true`):
 * that result comes from the read-back, not from the bad body.
 *
 *   npm run bad-answers
 */
import type { INodeParameters } from 'n8n-workflow';

import { warpTime, type NodeRunResult } from '../../devkit/harness';
import { ALL_TOOLS_ON, byId, parityEnvOf, type Auth, type ParityEnv } from '../nodes/parity/env';
import { fieldsParameter } from '../nodes/SvcDvs/env';
import { writeSimulatorOptions } from '../nodes/recovery/env';
import { OPERATION_CASES } from '../../devkit/operationCases';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';
import { BAD_ANSWER_BODIES, type BadAnswerBody, type FaultMatch } from '../../devkit/simulator/types';

interface ActionCase {
	name: string;
	auth: Auth;
	match: FaultMatch;
	/** Bodies the document allows for this action (an empty list; "no documented data"): not invalid here. */
	documented?: BadAnswerBody[];
	run(env: ParityEnv, sim: ServiceSimulator): Promise<NodeRunResult>;
}

const fresh = (sim: ServiceSimulator) => {
	const pro = sim.demo.pro;
	const folder = sim.storage.createFolder(
		pro.userId,
		pro.rootFolderHash,
		`bad-${Math.random().toString(36).slice(2, 8)}`,
	);
	const file = sim.storage.addFile(pro.userId, folder.hash, 'doc.txt', Buffer.from('document'));
	return { pro, folder, file };
};

/**
 * Document 1: the save operations answer "a success result", whose fields it does not show ("Fields of …
 * success result objects: not shown beyond those listed"): any object that does not say it failed.
 */
const SUCCESS_RESULT: BadAnswerBody[] = ['emptyObject', 'zeroId'];

/** Save File Key of a fresh file's key. */
const saveFileKey = (f: ReturnType<typeof fresh>): INodeParameters => ({
	resource: 'encryptionKey',
	operation: 'saveFileKey',
	userId: f.pro.userId,
	fileHash: f.file.hash,
	encryptionKey: 'wrapped',
	keySignature: 'signature',
});

/** Document 1: delete_file answers "with no documented data", delete_folder "a status object". */
const NO_DOCUMENTED_DATA: BadAnswerBody[] = ['empty', 'emptyObject', 'zeroId'];

/** An input item with a file of a new name each time (MCP refuses a taken attachment name). */
const fileInput = () => [
	{
		json: {},
		binary: {
			data: {
				data: Buffer.from('payload'),
				fileName: `up-${Math.random().toString(36).slice(2, 8)}.txt`,
				mimeType: 'text/plain',
			},
		},
	},
];

function storageCases(auth: Auth): ActionCase[] {
	const m = (action: string, tool: string): FaultMatch => (auth === 'rest' ? { action } : { mcpTool: tool });
	const run =
		(params: (f: ReturnType<typeof fresh>) => INodeParameters, withFile = false) =>
		async (env: ParityEnv, sim: ServiceSimulator) =>
			await env.storage(auth, params(fresh(sim)), withFile ? { input: fileInput() } : {});
	const cases: ActionCase[] = [
		{
			name: 'folder.create',
			auth,
			match: m('create_folder', 'svc_create_folder'),
			run: run((f) => ({
				resource: 'folder',
				operation: 'create',
				parentFolder: byId(f.folder.hash),
				folderName: 'New',
			})),
		},
		{
			name: 'folder.getContent',
			auth,
			match: m('get_folder_content', 'svc_list_folder'),
			documented: auth === 'rest' ? ['emptyArray'] : [],
			run: run((f) => ({ resource: 'folder', operation: 'getContent', folder: byId(f.folder.hash), returnAll: true })),
		},
		{
			name: 'folder.getInfo',
			auth,
			match: m('get_folder_info', 'svc_get_folder_info'),
			run: run((f) => ({ resource: 'folder', operation: 'getInfo', folder: byId(f.folder.hash) })),
		},
		{
			name: 'folder.rename',
			auth,
			match: m('rename_folder', 'svc_rename_folder'),
			run: run((f) => ({ resource: 'folder', operation: 'rename', folder: byId(f.folder.hash), newName: 'Renamed' })),
		},
		{
			name: 'file.upload',
			auth,
			match: m('upload_file', 'svc_upload_file'),
			run: run(
				(f) => ({ resource: 'file', operation: 'upload', folder: byId(f.folder.hash), binaryPropertyName: 'data' }),
				true,
			),
		},
		{
			name: 'file.getInfo',
			auth,
			match: m('get_file_info', 'svc_get_file_info'),
			run: run((f) => ({ resource: 'file', operation: 'getInfo', file: byId(f.file.hash) })),
		},
		{
			name: 'file.rename',
			auth,
			match: m('rename_file', 'svc_rename_file'),
			run: run((f) => ({ resource: 'file', operation: 'rename', file: byId(f.file.hash), newName: 'renamed.txt' })),
		},
	];
	if (auth === 'mcp') {
		cases.push(
			{
				name: 'file.download',
				auth,
				match: { mcpTool: 'svc_read_file' },
				run: run((f) => ({
					resource: 'file',
					operation: 'download',
					file: byId(f.file.hash),
					binaryPropertyName: 'data',
				})),
			},
			{
				name: 'file.search',
				auth,
				match: { mcpTool: 'svc_search_files' },
				run: run(() => ({ resource: 'file', operation: 'search', query: 'doc', limit: 10 })),
			},
			{
				// A folder given by its path from ROOT: the path is walked from svc_get_root_folder's answer.
				name: 'folder.getContent by path',
				auth,
				match: { mcpTool: 'svc_get_root_folder' },
				run: run((f) => ({ resource: 'folder', operation: 'getContent', folder: byId(`/${f.folder.name}`) })),
			},
			{
				name: 'file.importFromUrl',
				auth,
				match: { mcpTool: 'svc_import_file' },
				run: run((f) => ({
					resource: 'file',
					operation: 'importFromUrl',
					folder: byId(f.folder.hash),
					source: 'url',
					sourceUrl: `https://files.example.com/${f.folder.name}.pdf`,
				})),
			},
		);
		return cases;
	}
	cases.push(
		{
			name: 'folder.delete',
			auth,
			match: { action: 'delete_folder' },
			documented: NO_DOCUMENTED_DATA,
			run: run((f) => ({ resource: 'folder', operation: 'delete', folder: byId(f.folder.hash) })),
		},
		{
			name: 'file.delete',
			auth,
			match: { action: 'delete_file' },
			documented: NO_DOCUMENTED_DATA,
			run: run((f) => ({ resource: 'file', operation: 'delete', file: byId(f.file.hash) })),
		},
		{
			name: 'esignature.getMany',
			auth,
			match: { action: 'get_esignatures' },
			documented: ['emptyArray', 'emptyObject'],
			run: run((f) => ({ resource: 'esignature', operation: 'getMany', file: byId(f.file.hash), returnAll: true })),
		},
		{
			name: 'esignature.share',
			auth,
			match: { action: 'esignature_share' },
			run: run((f) => ({
				resource: 'esignature',
				operation: 'share',
				file: byId(f.file.hash),
				emails: 'signer@example.com',
			})),
		},
		{
			name: 'encryptionKey.getFileKey',
			auth,
			match: { action: 'get_file_encryption_key' },
			run: run((f) => ({
				resource: 'encryptionKey',
				operation: 'getFileKey',
				userId: f.pro.userId,
				fileHash: f.file.hash,
			})),
		},
		{
			name: 'encryptionKey.getShareKey',
			auth,
			match: { action: 'get_share_encryption_key' },
			run: async (env, sim) => {
				const f = fresh(sim);
				await env.storage(auth, { ...saveFileKey(f), encryptionKey: 'wrapped', keySignature: 'signature' });
				return await env.storage(auth, {
					resource: 'encryptionKey',
					operation: 'getShareKey',
					userId: f.pro.userId,
					receiverEmail: sim.demo.keys.email,
					keyOf: 'file',
					fileHash: f.file.hash,
				});
			},
		},
		{
			name: 'encryptionKey.saveFileKey',
			auth,
			match: { action: 'save_file_encryption_key' },
			documented: SUCCESS_RESULT,
			run: run(saveFileKey),
		},
		{
			name: 'encryptionKey.saveUploadKey',
			auth,
			match: { action: 'save_upload_encryption_key' },
			documented: SUCCESS_RESULT,
			run: run((f) => ({
				resource: 'encryptionKey',
				operation: 'saveUploadKey',
				userId: f.pro.userId,
				uploadHash: `upload-${f.folder.name}`,
				encryptionKey: 'wrapped',
				keySignature: 'signature',
			})),
		},
		{
			name: 'encryptionKey.saveUserKeys',
			auth,
			match: { action: 'save_user_encryption_keys' },
			documented: SUCCESS_RESULT,
			run: run((f) => ({
				resource: 'encryptionKey',
				operation: 'saveUserKeys',
				userId: f.pro.userId,
				kem: 'kem',
				dsa: 'dsa',
				x25519: 'x25519',
				ed25519: 'ed25519',
			})),
		},
		{
			name: 'account.getStorageUsage',
			auth,
			match: { action: 'get_storage_data' },
			run: run(() => ({ resource: 'account', operation: 'getStorageUsage' })),
		},
		{
			name: 'account.getUserData',
			auth,
			match: { action: 'authenticate_user' },
			run: run(() => ({ resource: 'account', operation: 'getUserData' })),
		},
	);
	return cases;
}

function dvsCases(auth: Auth): ActionCase[] {
	const m = (action: string, tool: string): FaultMatch => (auth === 'rest' ? { action } : { mcpTool: tool });
	const run =
		(params: (org: ServiceSimulator['dvs']['seed']['orgA']) => INodeParameters, withFile = false) =>
		async (env: ParityEnv, sim: ServiceSimulator) =>
			await env.dvs(auth, params(sim.dvs.seed.orgA), withFile ? { input: fileInput() } : {});
	const cases: ActionCase[] = [
		{
			name: 'task.create',
			auth,
			match: m('create_document', 'svc_dvs_create_task'),
			run: run((org) => ({
				resource: 'task',
				operation: 'create',
				project: byId(org.projects.website),
				fields: fieldsParameter({ name: `bad ${Math.random()}` }),
			})),
		},
		{
			name: 'task.update',
			auth,
			match: m('update_document', 'svc_dvs_update_task'),
			run: run((org) => ({
				resource: 'task',
				operation: 'update',
				documentId: byId(org.tasks.header),
				fields: fieldsParameter({ name: `bad ${Math.random()}` }),
			})),
		},
		{
			name: 'task.get',
			auth,
			match: m('get_document', 'svc_dvs_get_document'),
			run: run((org) => ({ resource: 'task', operation: 'get', documentId: byId(org.tasks.design) })),
		},
		{
			name: 'task.getMany',
			auth,
			match: m('get_documents', 'svc_dvs_list_documents'),
			run: run(() => ({ resource: 'task', operation: 'getMany', returnAll: true })),
		},
		{
			name: 'task.getFields',
			auth,
			match: m('get_fields', 'svc_dvs_get_fields'),
			run: run(() => ({ resource: 'task', operation: 'getFields' })),
		},
		{
			name: 'comment.add',
			auth,
			match: m('add_comment', 'svc_dvs_add_comment'),
			run: run((org) => ({
				resource: 'comment',
				operation: 'add',
				task: byId(org.tasks.design),
				comment: `bad ${Math.random()}`,
			})),
		},
		{
			name: 'comment.getMany',
			auth,
			match: m('get_comments', 'svc_dvs_get_comments'),
			run: run((org) => ({ resource: 'comment', operation: 'getMany', task: byId(org.tasks.design), returnAll: true })),
		},
		{
			name: 'attachment.upload',
			auth,
			match: m('upload_document_file', 'svc_dvs_upload_file'),
			run: run(
				(org) => ({
					resource: 'attachment',
					operation: 'upload',
					task: byId(org.attachedTask.taskId),
					binaryPropertyName: 'data',
				}),
				true,
			),
		},
		{
			name: 'user.search',
			auth,
			match: m('search_users', 'svc_dvs_search_users'),
			run: run(() => ({ resource: 'user', operation: 'search', pattern: 'an' })),
		},
		{
			name: 'project.get',
			auth,
			match: m('get_document', 'svc_dvs_get_document'),
			run: run((org) => ({ resource: 'project', operation: 'get', documentId: byId(org.projects.website) })),
		},
	];
	if (auth === 'rest') {
		cases.push({
			name: 'attachment.list',
			auth,
			match: { action: 'get_folder_content' },
			documented: ['emptyArray'],
			run: run((org) => ({ resource: 'attachment', operation: 'list', task: byId(org.attachedTask.taskId) })),
		});
	}
	return cases;
}

/** Each action an operation declared in devkit/operationCases.ts is answered with, over each API. */
function declaredCases(): ActionCase[] {
	return OPERATION_CASES.flatMap((declared) =>
		declared.apis.flatMap((auth): ActionCase[] => {
			const answer = auth === 'rest' ? declared.answers.rest : declared.answers.mcp;
			if (!answer) return [];
			const { resource, operation } = declared;
			return [
				{
					name: `${resource}.${operation}`,
					auth,
					match: 'action' in answer ? { action: answer.action } : { mcpTool: answer.tool },
					documented: 'documented' in answer ? answer.documented : [],
					run: async (env, sim) => await env.storage(auth, { resource, operation, ...declared.parameters(sim) }),
				},
			];
		}),
	);
}

export const ACTION_CASES: ActionCase[] = [
	...storageCases('rest'),
	...storageCases('mcp'),
	...dvsCases('rest'),
	...dvsCases('mcp'),
	...declaredCases(),
];

export interface BadAnswerRow {
	action: string;
	body: BadAnswerBody;
	/** The node output the bad body as a result. */
	acceptedAsSuccess: boolean;
	/** A write found by reading back, after the bad answer. */
	reconciled: boolean;
	said: string;
	/** The bad body was given: the action's request was made. */
	reached: boolean;
}

/** Runs every action with every bad body. Time runs 100 times faster (a write's settle window). */
export async function runBadAnswerSuite(): Promise<BadAnswerRow[]> {
	const endWarp = warpTime(100);
	const sim = await startServiceSimulator(writeSimulatorOptions());
	const rows: BadAnswerRow[] = [];
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		const env = parityEnvOf(() => sim);
		for (const action of ACTION_CASES) {
			for (const body of BAD_ANSWER_BODIES.filter((candidate) => !action.documented?.includes(candidate))) {
				sim.faults.clear();
				// A write stored a moment after it arrived: its read-back can tell it from another writer's.
				const fault = sim.faults.add({ match: action.match, fault: { kind: 'badAnswer', body, storedLaterMs: 2000 } });
				const result = await action.run(env, sim);
				const reconciled =
					!result.error && result.items.length > 0 && result.items.every((item) => item.json.reconciled === true);
				rows.push({
					action: `${action.auth} ${action.name}`,
					body,
					acceptedAsSuccess: !result.error && !reconciled,
					reconciled,
					reached: fault.hits > 0,
					said: result.error
						? result.error.message
						: `success: ${JSON.stringify(result.items.map((item) => item.json)).slice(0, 120)}`,
				});
			}
		}
	} finally {
		endWarp();
		await sim.close();
	}
	return rows;
}

export function badAnswerLine(rows: BadAnswerRow[]): string {
	return `bad answers: ${rows.length} invalid 2xx bodies, ${rows.filter((row) => row.acceptedAsSuccess).length} became a success`;
}

async function main(): Promise<void> {
	const rows = await runBadAnswerSuite();
	const actions = [...new Set(rows.map((row) => row.action))];
	console.log(`| action | invalid 2xx bodies | became a success | found by reading back |`);
	console.log('|---|---|---|---|');
	for (const action of actions) {
		const own = rows.filter((row) => row.action === action);
		console.log(
			`| ${action} | ${own.length} | ${own.filter((row) => row.acceptedAsSuccess).length} | ${own.filter((row) => row.reconciled).length} |`,
		);
	}
	for (const row of rows.filter((entry) => entry.acceptedAsSuccess))
		console.log(`accepted: ${row.action} / ${row.body}: ${row.said}`);
	console.log(badAnswerLine(rows));
	process.exitCode = rows.some((row) => row.acceptedAsSuccess) ? 1 : 0;
}

if (require.main === module) void main();
