/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The redirect suite: every path a request takes with a Svc credential (actions over each
 * authentication, uploads, downloads, account scripts, credential tests, editor lookups,
 * triggers, MCP with an API key and with OAuth2, the large-file URL over MCP), each answered by a
 * redirect with every 3xx status, to another origin and to plain HTTP. Another server, started
 * here, records every byte it receives: no credential may reach it, in any encoding.
 *
 *   npm run redirects
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { encodedForms } from '../../nodes/shared/transport/redact';
import {
	createPoller,
	listSearch,
	loadOptions,
	testCredential,
	warpTime,
	type NodeRunResult,
} from '../../devkit/harness';
import { ALL_TOOLS_ON, byId, oauthCredential, parityEnvOf, type ParityEnv, type RunExtra } from '../nodes/parity/env';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';
import type { FaultMatch } from '../../devkit/simulator/types';

export const REDIRECT_STATUSES = [301, 302, 303, 307, 308] as const;
export const REDIRECT_TARGETS = ['other origin', 'plain HTTP'] as const;

interface OtherServer {
	url(target: (typeof REDIRECT_TARGETS)[number]): string;
	received: string[];
	close(): Promise<void>;
}

/** A server on another port that answers every request with a plausible success and keeps what it got. */
async function startOtherServer(): Promise<OtherServer> {
	const received: string[] = [];
	const server: Server = createServer((req: IncomingMessage, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const headers = Object.entries(req.headers).map(([name, value]) => `${name}: ${String(value)}`);
			received.push([`${req.method} ${req.url}`, ...headers, '', Buffer.concat(chunks).toString('latin1')].join('\n'));
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					result: { tools: [] },
					folder_hash: 'elsewhere',
					success: true,
					fields: [],
					users: [],
				}),
			);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		url: (target) =>
			target === 'other origin' ? `http://127.0.0.1:${port}/landing` : `http://localhost:${port}/landing`,
		received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

interface RedirectPath {
	name: string;
	/** Which requests are redirected (default: every request of the service). */
	match?: FaultMatch;
	/** The credentials whose secrets must not leave. */
	secrets(env: ParityEnv): ICredentialDataDecryptedObject[];
	/** Runs the path once; returns what the user saw. */
	run(env: ParityEnv, context: PathContext): Promise<string>;
}

interface PathContext {
	folderHash: string;
	fileHash: string;
	bigFileHash: string;
	oauth: ICredentialDataDecryptedObject;
}

/** What the user saw: the error with its description (a redirected write is "Outcome uncertain", its look says why). */
function said(result: NodeRunResult): string {
	return result.error
		? `${result.error.message}${result.error.description ? ` — ${result.error.description}` : ''}`
		: `success: ${JSON.stringify(result.items.map((item) => item.json)).slice(0, 200)}`;
}

async function saidOf(action: () => Promise<unknown>): Promise<string> {
	try {
		const value = await action();
		const tested = value as { status?: string; message?: string } | undefined;
		if (tested?.status === 'Error') return `credential test failed: ${tested.message ?? ''}`;
		return `success: ${JSON.stringify(value).slice(0, 200)}`;
	} catch (error) {
		return (error as Error).message;
	}
}

const storageRest = (
	env: ParityEnv,
	method: 'accessToken' | 'password' | 'session',
	sessionId = '',
): ICredentialDataDecryptedObject => {
	const pro = env.sim().demo.pro;
	const base = { baseUrl: env.sim().baseUrl, user: pro.login };
	if (method === 'password') return { ...base, authMethod: 'password', password: pro.password };
	if (method === 'session') return { baseUrl: env.sim().baseUrl, authMethod: 'session', sessionId };
	return { ...base, authMethod: 'accessToken', accessToken: pro.apiToken };
};

const mcpKey = (env: ParityEnv): ICredentialDataDecryptedObject => ({
	baseUrl: env.sim().baseUrl,
	userId: env.sim().demo.pro.userId,
	apiToken: env.sim().demo.pro.apiToken,
});

const dvsKey = (env: ParityEnv): ICredentialDataDecryptedObject => {
	const admin = env.sim().dvs.seed.orgA.users.admin;
	return { baseUrl: env.sim().baseUrl, user: admin.login, accessToken: admin.token };
};

/** The one file a redirected upload sends. */
const redirectedFile = () => [
	{ json: {}, binary: { data: { data: Buffer.from('redirected'), fileName: 'r.txt', mimeType: 'text/plain' } } },
];

const downloadOf = (fileHash: string): INodeParameters => ({
	resource: 'file',
	operation: 'download',
	file: byId(fileHash),
	binaryPropertyName: 'data',
});

/** What the user saw from a DVS REST action on the seed's first organisation. */
const dvsSaid = async (
	env: ParityEnv,
	parameters: (org: ServiceSimulator['dvs']['seed']['orgA']) => INodeParameters,
	extra?: RunExtra,
) => said(await env.dvs('rest', parameters(env.sim().dvs.seed.orgA), extra));

function sessionOf(sim: ServiceSimulator): string {
	return sim.sessions.create(sim.demo.pro.userId).id;
}

const PATHS: RedirectPath[] = [
	...(['accessToken', 'password', 'session'] as const).map(
		(method): RedirectPath => ({
			name: `storage action, ${method}`,
			secrets: (env) => [storageRest(env, method, sessionOf(env.sim()))],
			run: async (env, { folderHash }) => {
				const credentials = storageRest(env, method, sessionOf(env.sim()));
				return said(
					await env.storage(
						'rest',
						{ resource: 'folder', operation: 'getInfo', folder: byId(folderHash) },
						{ credentials: { svcStorageApi: credentials } },
					),
				);
			},
		}),
	),
	{
		name: 'storage account script (GET)',
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env) => said(await env.storage('rest', { resource: 'account', operation: 'getUserData' })),
	},
	{
		name: 'storage upload (multipart)',
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env, { folderHash }) =>
			said(
				await env.storage(
					'rest',
					{ resource: 'file', operation: 'upload', folder: byId(folderHash), binaryPropertyName: 'data' },
					{ input: redirectedFile() },
				),
			),
	},
	{
		name: 'storage download',
		match: { action: 'download_file' },
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env, { fileHash }) => said(await env.storage('rest', downloadOf(fileHash))),
	},
	{
		name: 'DVS action',
		secrets: (env) => [dvsKey(env)],
		run: async (env) =>
			await dvsSaid(env, (org) => ({ resource: 'task', operation: 'get', documentId: byId(org.tasks.design) })),
	},
	{
		name: 'DVS upload (multipart)',
		match: { action: 'upload_document_file' },
		secrets: (env) => [dvsKey(env)],
		run: async (env) =>
			await dvsSaid(
				env,
				(org) => ({
					resource: 'attachment',
					operation: 'upload',
					task: byId(org.tasks.design),
					binaryPropertyName: 'data',
				}),
				{ input: redirectedFile() },
			),
	},
	{
		name: 'DVS attachment list (storage API)',
		match: { action: 'get_folder_content' },
		secrets: (env) => [dvsKey(env)],
		run: async (env) =>
			await dvsSaid(env, (org) => ({
				resource: 'attachment',
				operation: 'list',
				task: byId(org.attachedTask.taskId),
			})),
	},
	{
		name: 'MCP, API key',
		secrets: (env) => [mcpKey(env)],
		run: async (env, { folderHash }) =>
			said(await env.storage('mcp', { resource: 'folder', operation: 'getInfo', folder: byId(folderHash) })),
	},
	{
		name: 'MCP, OAuth2',
		match: { path: '/api/mcp' },
		secrets: () => [],
		run: async (env, { folderHash, oauth }) =>
			said(
				await env.storage(
					'mcp',
					{ authentication: 'svcMcpOAuth2Api', resource: 'folder', operation: 'getInfo', folder: byId(folderHash) },
					{
						credentials: { svcMcpOAuth2Api: oauth },
					},
				),
			),
	},
	{
		name: 'MCP large-file download URL',
		match: { path: '^/mcp-download/' },
		secrets: (env) => [mcpKey(env)],
		run: async (env, { bigFileHash }) => said(await env.storage('mcp', downloadOf(bigFileHash))),
	},
	{
		name: 'credential test, Svc Storage API',
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env) =>
			await saidOf(async () => await testCredential('svcStorageApi', storageRest(env, 'accessToken'))),
	},
	{
		name: 'credential test, Svc DVS API',
		secrets: (env) => [dvsKey(env)],
		run: async (env) => await saidOf(async () => await testCredential('svcDvsApi', dvsKey(env))),
	},
	{
		name: 'credential test, Svc MCP-Endpoint API',
		secrets: (env) => [mcpKey(env)],
		run: async (env) => await saidOf(async () => await testCredential('svcMcpApi', mcpKey(env))),
	},
	{
		name: 'credential test, Svc MCP-Endpoint Sign-In OAuth2 API',
		secrets: () => [],
		run: async (_env, { oauth }) => await saidOf(async () => await testCredential('svcMcpOAuth2Api', oauth)),
	},
	{
		name: 'editor lookup, folder list',
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env) =>
			await saidOf(
				async () =>
					await listSearch({
						type: 'n8n-nodes-svc.svcStorage',
						method: 'searchFolders',
						credentials: { svcStorageApi: storageRest(env, 'accessToken') },
					}),
			),
	},
	{
		name: 'editor lookup, DVS options',
		secrets: (env) => [dvsKey(env)],
		run: async (env) =>
			await saidOf(
				async () =>
					await loadOptions({
						type: 'n8n-nodes-svc.svcDvs',
						method: 'getFilterFields',
						credentials: { svcDvsApi: dvsKey(env) },
						parameters: { resource: 'task', operation: 'getMany' },
					}),
			),
	},
	{
		name: 'trigger, new file',
		secrets: (env) => [storageRest(env, 'accessToken')],
		run: async (env, { folderHash }) =>
			await saidOf(async () => {
				const poller = createPoller({
					type: 'n8n-nodes-svc.svcStorageTrigger',
					parameters: { folder: byId(folderHash) },
					credentials: { svcStorageApi: storageRest(env, 'accessToken') },
				});
				return await poller.poll();
			}),
	},
	{
		name: 'trigger, new task',
		secrets: (env) => [dvsKey(env)],
		run: async (env) =>
			await saidOf(async () => {
				const poller = createPoller({
					type: 'n8n-nodes-svc.svcDvsTrigger',
					parameters: { event: 'newTask', project: byId(env.sim().dvs.seed.orgA.projects.website) },
					credentials: { svcDvsApi: dvsKey(env) },
				});
				return await poller.poll();
			}),
	},
];

export interface RedirectRow {
	path: string;
	status: number;
	target: string;
	/** Requests the other server received. */
	requests: number;
	/** Bytes of credentials (in any encoding) the other server received. */
	credentialBytes: number;
	said: string;
}

function credentialBytes(received: string[], credentials: ICredentialDataDecryptedObject[]): number {
	const secrets = new Set<string>();
	for (const credential of credentials) {
		for (const key of ['password', 'accessToken', 'apiToken', 'sessionId']) {
			const value = credential[key];
			if (typeof value === 'string' && value.length >= 3) for (const form of encodedForms(value)) secrets.add(form);
		}
		const token = (credential.oauthTokenData as IDataObject | undefined)?.access_token;
		if (typeof token === 'string') for (const form of encodedForms(token)) secrets.add(form);
		if (credential.user && credential.password)
			for (const form of encodedForms(`${String(credential.user)}:${String(credential.password)}`)) secrets.add(form);
	}
	let bytes = 0;
	for (const text of received)
		for (const secret of secrets)
			bytes += text.split(secret).length - 1 > 0 ? (text.split(secret).length - 1) * secret.length : 0;
	return bytes;
}

/** Runs every path x status x target. Time runs 100 times faster (the settle window of a redirected write). */
export async function runRedirectSuite(): Promise<RedirectRow[]> {
	const endWarp = warpTime(100);
	const sim = await startServiceSimulator();
	const other = await startOtherServer();
	const rows: RedirectRow[] = [];
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		const env = parityEnvOf(() => sim);
		const pro = sim.demo.pro;
		const folder = sim.storage.createFolder(pro.userId, pro.rootFolderHash, 'redirects');
		const file = sim.storage.addFile(pro.userId, folder.hash, 'small.txt', Buffer.from('small'));
		const big = sim.storage.addFile(pro.userId, folder.hash, 'big.bin', Buffer.alloc(26 * 1024 * 1024, 7));
		const oauth = await oauthCredential(sim, pro, ['files:read']);
		const context: PathContext = { folderHash: folder.hash, fileHash: file.hash, bigFileHash: big.hash, oauth };
		for (const path of PATHS) {
			for (const status of REDIRECT_STATUSES) {
				for (const target of REDIRECT_TARGETS) {
					sim.faults.clear();
					sim.faults.add({
						match: path.match ?? { path: '^/' },
						fault: { kind: 'redirect', status, location: other.url(target) },
						times: 1000,
					});
					const before = other.received.length;
					const shown = await path.run(env, context);
					const received = other.received.slice(before);
					rows.push({
						path: path.name,
						status,
						target,
						requests: received.length,
						credentialBytes: credentialBytes(received, [...path.secrets(env), oauth]),
						said: shown,
					});
				}
			}
		}
	} finally {
		endWarp();
		await other.close();
		await sim.close();
	}
	return rows;
}

export const REDIRECT_PATH_NAMES = PATHS.map((path) => path.name);

export function redirectLine(rows: RedirectRow[]): string {
	const bytes = rows.reduce((sum, row) => sum + row.credentialBytes, 0);
	const requests = rows.reduce((sum, row) => sum + row.requests, 0);
	return `redirects: ${rows.length} cases, ${requests} requests and ${bytes} credential bytes reached the other server`;
}

async function main(): Promise<void> {
	const rows = await runRedirectSuite();
	console.log('| request path | 3xx | target | requests received | credential bytes received | the user saw |');
	console.log('|---|---|---|---|---|---|');
	for (const row of rows)
		console.log(
			`| ${row.path} | ${row.status} | ${row.target} | ${row.requests} | ${row.credentialBytes} | ${row.said.slice(0, 140)} |`,
		);
	console.log(redirectLine(rows));
	process.exitCode = rows.every((row) => row.requests === 0 && row.credentialBytes === 0) ? 0 : 1;
}

if (require.main === module) void main();
