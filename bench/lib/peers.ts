/**
 * What each side of a write or read bench runs, through the same engine: our node, and n8n's HTTP Request node
 * (n8n-nodes-base 2.41.1 from the n8n install, version 4.2) sending the same request for each item, built two ways:
 * - `plain`: as a user without this package builds it, no credential: the sign-in fields typed into the body (REST:
 *   `user` and `user_access_token` as form, multipart or JSON fields) or the header (MCP: `Authorization: Bearer
 *   <user ID>:<token>`), beside the API's own fields.
 * - `signed`: with the Svc credential chosen as a predefined credential type, which signs each request.
 * REST: form or multipart to /api_v2/, JSON to /api_dvs/; MCP: a JSON-RPC tools/call to /api/mcp in the modern
 * revision 2026-07-28 (headers and `_meta`, no session to open: the request our node's Auto sends first, and the
 * only one a single HTTP Request node can send).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { CredentialsMap } from '../../devkit/harness';
import type { WriteReady } from './writeSimulator';

export type Kind = 'upload' | 'createFolder' | 'createTask' | 'addComment' | 'getFileInfo' | 'getTask';
export type Auth = 'rest' | 'mcp';
export type Side = 'ours' | 'plain' | 'signed';
export type Peer = Exclude<Side, 'ours'>;

export const SIDES: readonly Side[] = ['ours', 'plain', 'signed'];

export const KIND_LABELS: Record<Kind, string> = {
	upload: 'Svc Storage File → Upload',
	createFolder: 'Svc Storage Folder → Create',
	createTask: 'Svc DVS Task → Create',
	addComment: 'Svc DVS Comment → Add',
	getFileInfo: 'Svc Storage File → Get Info',
	getTask: 'Svc DVS Task → Get',
};

const MODERN = '2026-07-28';
const isDvs = (kind: Kind) => kind === 'createTask' || kind === 'addComment' || kind === 'getTask';
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });

/** The credential of the user: the PRO account for Storage, the DVS organization's admin for DVS. */
export function credentialsOf(ready: WriteReady, kind: Kind, auth: Auth): CredentialsMap {
	const user = isDvs(kind) ? ready.dvs : ready.storage;
	if (auth === 'mcp') return { svcMcpApi: { baseUrl: ready.baseUrl, userId: user.userId, apiToken: user.token } };
	const rest = { baseUrl: ready.baseUrl, user: user.user, accessToken: user.token };
	return isDvs(kind) ? { svcDvsApi: rest } : { svcStorageApi: { ...rest, authMethod: 'accessToken' } };
}

/** Our node's type and parameters for the write into `destination` (a folder hash, a project or task ID). */
export function ourParameters(kind: Kind, auth: Auth, destination: string | number): [string, INodeParameters] {
	const authentication = auth === 'mcp' ? 'svcMcpApi' : isDvs(kind) ? 'svcDvsApi' : 'svcStorageApi';
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
		getFileInfo: { resource: 'file', operation: 'getInfo', file: byId(destination), options: {} },
		getTask: { resource: 'task', operation: 'get', documentId: byId(destination) },
	};
	return [isDvs(kind) ? 'n8n-nodes-svc.svcDvs' : 'n8n-nodes-svc.svcStorage', { authentication, ...operations[kind] }];
}

/** The JSON-RPC tools/call the HTTP Request node sends, as an expression over the item. */
function toolCall(tool: string, args: string): string {
	const meta =
		`{ 'io.modelcontextprotocol/protocolVersion': '${MODERN}', 'io.modelcontextprotocol/clientCapabilities': {}, ` +
		`'io.modelcontextprotocol/clientInfo': { name: 'n8n', version: '2.41.1' } }`;
	const params = `{ name: '${tool}', arguments: ${args}, _meta: ${meta} }`;
	return `={{ JSON.stringify({ jsonrpc: '2.0', id: $itemIndex + 1, method: 'tools/call', params: ${params} }) }}`;
}

function mcpCall(kind: Kind, destination: string | number): [string, string] {
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
		case 'getFileInfo':
			return ['svc_get_file_info', `{ file_hash: ${to} }`];
		default:
			throw new Error(`${kind} is measured over REST only`);
	}
}

/** The REST body; `fields` are the sign-in fields a plain peer types in (none when the credential signs). */
function restBody(kind: Kind, destination: string | number, fields: Record<string, string>): INodeParameters {
	const signIn = Object.entries(fields).map(([name, value]) => ({ name, value }));
	const form = (parameters: INodeParameters[]) => ({
		contentType: 'form-urlencoded',
		bodyParameters: { parameters: [...signIn, ...parameters] },
	});
	const inJson = Object.entries(fields).map(([name, value]) => `${name}: '${value}', `);
	const json = (body: string) => ({
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: `={{ JSON.stringify({ ${inJson.join('')}${body} }) }}`,
	});
	const formData = (name: string, value: string) => ({ parameterType: 'formData', name, value });
	switch (kind) {
		case 'upload':
			return {
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						...signIn.map(({ name, value }) => formData(name, value)),
						formData('folder_hash', String(destination)),
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
			};
		case 'createFolder':
			return form([
				{ name: 'parent_folder_hash', value: String(destination) },
				{ name: 'folder_name', value: '={{ $json.name }}' },
			]);
		case 'getFileInfo':
			return form([{ name: 'file_hash', value: String(destination) }]);
		case 'createTask':
			return json(`create_params: { dvs_project_id: ${Number(destination)}, name: $json.name }`);
		case 'addComment':
			return json(`dvs_document_id: ${Number(destination)}, comment: $json.name`);
		case 'getTask':
			return json(`dvs_document_id: ${Number(destination)}`);
	}
}

const REST_PATHS: Record<Kind, string> = {
	upload: '/api_v2/upload_file',
	createFolder: '/api_v2/create_folder',
	createTask: '/api_dvs/task/create_document',
	addComment: '/api_dvs/task/add_comment',
	getFileInfo: '/api_v2/get_file_info',
	getTask: '/api_dvs/task/get_document',
};

/** n8n's HTTP Request node (4.2) sending the same request, plain or signed by the Svc credential. */
export function peerParameters(
	ready: WriteReady,
	write: { kind: Kind; auth: Auth; peer: Peer },
	destination: string | number,
): INodeParameters {
	const { kind, auth, peer } = write;
	const user = isDvs(kind) ? ready.dvs : ready.storage;
	const signing =
		peer === 'signed'
			? {
					authentication: 'predefinedCredentialType',
					nodeCredentialType: Object.keys(credentialsOf(ready, kind, auth))[0],
				}
			: { authentication: 'none' };
	const common = { method: 'POST', ...signing, options: {} };
	if (auth === 'rest') {
		const fields: Record<string, string> = peer === 'plain' ? { user: user.user, user_access_token: user.token } : {};
		return {
			...common,
			url: `${ready.baseUrl}${REST_PATHS[kind]}`,
			sendBody: true,
			...restBody(kind, destination, fields),
		};
	}
	const [tool, args] = mcpCall(kind, destination);
	const header = (name: string, value: string) => ({ name, value });
	const bearer = peer === 'plain' ? [header('Authorization', `Bearer ${user.userId}:${user.token}`)] : [];
	return {
		...common,
		url: `${ready.baseUrl}/api/mcp`,
		sendHeaders: true,
		headerParameters: {
			parameters: [
				...bearer,
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
