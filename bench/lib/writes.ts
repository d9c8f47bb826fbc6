/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the bench tools, never inside n8n */
/**
 * The writes of the write benches, each two ways through the same engine in this process: our node, and n8n's
 * HTTP Request node (n8n-nodes-base 2.41.1 from the n8n install) sending the same write with the same credential
 * and the same body, one request per item: REST form or multipart to /api_v2/create_folder and upload_file, JSON
 * to /api_dvs/task/create_document and add_comment; MCP a JSON-RPC tools/call to /api/mcp in the modern revision
 * 2026-07-28 (headers and `_meta`, no session to open: the request our node's Auto sends first, and the only one
 * a single HTTP Request node can send). Runs are measured against the write simulator (bench/lib/writeSimulator.ts).
 */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { runNode, type CredentialsMap, type HarnessInputItem } from '../../devkit/harness';
import { startIpcChild, type IpcChild } from './ipcChild';
import type { Wire, WriteReady, WriteRequest } from './writeSimulator';

export type WriteSimulator = IpcChild<WriteReady, WriteRequest>;
export type Kind = 'upload' | 'createFolder' | 'createTask' | 'addComment';
export type Auth = 'rest' | 'mcp';
export type Side = 'ours' | 'theirs';

export const KIND_LABELS: Record<Kind, string> = {
	upload: 'Svc Storage File → Upload',
	createFolder: 'Svc Storage Folder → Create',
	createTask: 'Svc DVS Task → Create',
	addComment: 'Svc DVS Comment → Add',
};

/** "rest" → "Rest": a word of a report key. */
export const capitalized = (word: string): string => word[0].toUpperCase() + word.slice(1);

/** Each upload's content: a small text file, as a backup or export workflow writes. */
const CONTENT = Buffer.from(`${'backup line of a workflow export\n'.repeat(31)}end\n`);
const MODERN = '2026-07-28';

export async function startWriteSimulator(): Promise<WriteSimulator> {
	return await startIpcChild<WriteReady, WriteRequest>(`${__dirname}/writeSimulator.ts`);
}

/**
 * `count` items named `${tag}-${n}`. An upload's item holds CONTENT as binary under that name, and in base64 in
 * `content` too: the HTTP Request node's MCP call sends that (an expression cannot read n8n's binary store).
 * Both sides get the same items.
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

/** The credential of the write's user: the PRO account for Storage, the DVS organization's admin for DVS. */
export function credentialsOf(ready: WriteReady, kind: Kind, auth: Auth): CredentialsMap {
	const dvs = kind === 'createTask' || kind === 'addComment';
	const user = dvs ? ready.dvs : ready.storage;
	if (auth === 'mcp') return { svcMcpApi: { baseUrl: ready.baseUrl, userId: user.userId, apiToken: user.token } };
	const rest = { baseUrl: ready.baseUrl, user: user.user, accessToken: user.token };
	return dvs ? { svcDvsApi: rest } : { svcStorageApi: { ...rest, authMethod: 'accessToken' } };
}

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** Our node's parameters for the write into `destination` (a folder hash, a project or task ID). */
function ourParameters(kind: Kind, auth: Auth, destination: string | number): [string, INodeParameters] {
	const dvs = kind === 'createTask' || kind === 'addComment';
	const authentication = auth === 'mcp' ? 'svcMcpApi' : dvs ? 'svcDvsApi' : 'svcStorageApi';
	const operations: Record<Kind, INodeParameters> = {
		upload: { resource: 'file', operation: 'upload', folder: byId(destination), binaryPropertyName: 'data' },
		createFolder: {
			resource: 'folder',
			operation: 'create',
			parentFolder: byId(destination),
			folderName: '={{ $json.name }}',
		},
		createTask: {
			resource: 'task',
			operation: 'create',
			project: byId(destination),
			fields: { mappingMode: 'defineBelow', value: { name: '={{ $json.name }}' }, matchingColumns: [], schema: [] },
		},
		addComment: { resource: 'comment', operation: 'add', task: byId(destination), comment: '={{ $json.name }}' },
	};
	return [dvs ? 'n8n-nodes-svc.svcDvs' : 'n8n-nodes-svc.svcStorage', { authentication, ...operations[kind] }];
}

/** The JSON-RPC tools/call the HTTP Request node sends, as an expression over the item. */
function toolCall(tool: string, args: string): string {
	const meta =
		`{ 'io.modelcontextprotocol/protocolVersion': '${MODERN}', 'io.modelcontextprotocol/clientCapabilities': {}, ` +
		`'io.modelcontextprotocol/clientInfo': { name: 'n8n', version: '2.41.1' } }`;
	const params = `{ name: '${tool}', arguments: ${args}, _meta: ${meta} }`;
	return `={{ JSON.stringify({ jsonrpc: '2.0', id: $itemIndex + 1, method: 'tools/call', params: ${params} }) }}`;
}

function mcpParameters(kind: Kind, destination: string | number): [string, string] {
	const to = JSON.stringify(destination);
	switch (kind) {
		case 'upload':
			return [
				'svc_upload_file',
				`{ folder_hash: ${to}, file_name: $json.name, content: $json.content, encoding: 'base64' }`,
			];
		case 'createFolder':
			return ['svc_create_folder', `{ parent_folder_hash: ${to}, folder_name: $json.name }`];
		case 'createTask':
			return ['svc_dvs_create_task', `{ create_params: { dvs_project_id: ${to}, name: $json.name } }`];
		case 'addComment':
			return ['svc_dvs_add_comment', `{ dvs_document_id: ${to}, comment: $json.name }`];
	}
}

function restBody(kind: Kind, destination: string | number): INodeParameters {
	const form = (parameters: INodeParameters[]) => ({ contentType: 'form-urlencoded', bodyParameters: { parameters } });
	const json = (body: string) => ({
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify(${body}) }}`,
	});
	switch (kind) {
		case 'upload':
			return {
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formData', name: 'folder_hash', value: String(destination) },
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
			};
		case 'createFolder':
			return form([
				{ name: 'parent_folder_hash', value: String(destination) },
				{ name: 'folder_name', value: '={{ $json.name }}' },
			]);
		case 'createTask':
			return json(`{ create_params: { dvs_project_id: ${Number(destination)}, name: $json.name } }`);
		case 'addComment':
			return json(`{ dvs_document_id: ${Number(destination)}, comment: $json.name }`);
	}
}

const REST_PATHS: Record<Kind, string> = {
	upload: '/api_v2/upload_file',
	createFolder: '/api_v2/create_folder',
	createTask: '/api_dvs/task/create_document',
	addComment: '/api_dvs/task/add_comment',
};

/** n8n's HTTP Request node (4.2) sending the same write, with the same credential. */
function theirParameters(ready: WriteReady, kind: Kind, auth: Auth, destination: string | number): INodeParameters {
	const credentialType = Object.keys(credentialsOf(ready, kind, auth))[0];
	const common = { method: 'POST', authentication: 'predefinedCredentialType', nodeCredentialType: credentialType };
	if (auth === 'rest')
		return { ...common, url: `${ready.baseUrl}${REST_PATHS[kind]}`, sendBody: true, ...restBody(kind, destination) };
	const [tool, args] = mcpParameters(kind, destination);
	const header = (name: string, value: string) => ({ name, value });
	return {
		...common,
		url: `${ready.baseUrl}/api/mcp`,
		sendHeaders: true,
		headerParameters: {
			parameters: [
				header('MCP-Protocol-Version', MODERN),
				header('Mcp-Method', 'tools/call'),
				header('Mcp-Name', tool),
				header('Accept', 'application/json, text/event-stream'),
			],
		},
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: toolCall(tool, args),
	};
}

export interface Measured {
	/** The node's own run time as n8n records it (the start node that puts the items in is not counted). */
	seconds: number;
	/** This process's CPU time over the run (the engine and the node; the simulator runs elsewhere). */
	cpuMs: number;
	wire: Wire;
	items: INodeExecutionData[];
}

/** Runs one side's `items` into `destination`; throws when the run or an item failed. */
export async function runWrites(
	sim: WriteSimulator,
	write: { kind: Kind; auth: Auth; side: Side },
	destination: string | number,
	items: HarnessInputItem[],
): Promise<Measured> {
	const { kind, auth, side } = write;
	const credentials = credentialsOf(sim.ready, kind, auth);
	const [type, parameters] =
		side === 'ours'
			? ourParameters(kind, auth, destination)
			: ['n8n-nodes-base.httpRequest', theirParameters(sim.ready, kind, auth, destination)];
	const before = await sim.ask<Wire>({ op: 'wire' });
	const cpu = process.cpuUsage();
	const run = await runNode({
		type,
		typeVersion: side === 'theirs' ? 4.2 : undefined,
		parameters,
		credentials,
		input: items,
	});
	const used = process.cpuUsage(cpu);
	const after = await sim.ask<Wire>({ op: 'wire' });
	const failed = run.items.find((item) => item.json.error !== undefined || isToolError(item.json));
	if (run.error || failed || run.items.length !== items.length)
		throw new Error(
			`${side} ${kind} over ${auth}: ${run.error?.message ?? JSON.stringify(failed?.json ?? run.items.length)}`,
		);
	return {
		seconds: (run.executionTimeMs ?? 0) / 1000,
		cpuMs: (used.user + used.system) / 1000,
		wire: {
			requests: after.requests - before.requests,
			sent: after.sent - before.sent,
			received: after.received - before.received,
		},
		items: run.items,
	};
}

/** A JSON-RPC answer that is an error, or a tool result marked as one (the HTTP Request node passes both on). */
function isToolError(json: INodeExecutionData['json']): boolean {
	const result = json.result as { isError?: boolean } | undefined;
	return json.jsonrpc !== undefined && (json.error !== undefined || result?.isError === true);
}

/**
 * One small run of each side for each write before anything is timed, so that the first timed run does not load
 * the engine's and the nodes' code paths; `after` runs after each (a trim of the folder).
 */
export async function warmUp(
	sim: WriteSimulator,
	kinds: readonly Kind[],
	destination: (kind: Kind) => Promise<string | number>,
	after: () => Promise<unknown> = async () => undefined,
): Promise<void> {
	for (const kind of kinds)
		for (const auth of ['rest', 'mcp'] as const)
			for (const side of ['ours', 'theirs'] as const) {
				await runWrites(sim, { kind, auth, side }, await destination(kind), writeItems(kind, 2, `warm-up-${side}`));
				await after();
			}
}
