/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Our credentials chosen as a predefined credential type in n8n's own HTTP Request node (n8n-nodes-base
 * 2.41.1 from the n8n install, run through the harness's engine): each signs a request to its own service,
 * refuses to sign one for another address, and never follows a redirect with the secret.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import type { INodeType, IVersionedNodeType } from 'n8n-workflow';

import { n8nModules } from '../../devkit/n8n/runtime';
import { demoCredentials, startDemoSimulator } from '../../devkit/demo';
import { loadPackage, runNode, runWorkflow, type CredentialsMap } from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';

let sim: ServiceSimulator;
let credentials: CredentialsMap;

beforeAll(async () => {
	const { HttpRequest } = require(
		join(n8nModules(), 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
	) as { HttpRequest: new () => INodeType | IVersionedNodeType };
	loadPackage().nodeTypes.add('n8n-nodes-base.httpRequest', new HttpRequest());
	sim = await startDemoSimulator();
	credentials = demoCredentials(sim);
});
afterAll(async () => await sim.close());

interface Recorder {
	server: Server;
	url: string;
	requests: IncomingMessage[];
}

async function recorder(
	answer: (request: IncomingMessage) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<Recorder> {
	const requests: IncomingMessage[] = [];
	const server = createServer((request, response) => {
		requests.push(request);
		const { status, headers, body } = answer(request);
		response.writeHead(status, { 'content-type': 'application/json', ...headers });
		response.end(body ?? '{}');
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

async function httpRequest(credentialType: string, parameters: Record<string, unknown>, credentialData = credentials) {
	const result = await runWorkflow(
		{
			nodes: [
				{ name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, parameters: {} },
				{
					name: 'HTTP Request',
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: {
						authentication: 'predefinedCredentialType',
						nodeCredentialType: credentialType,
						options: {},
						...parameters,
					},
					credentials: { [credentialType]: { id: `harness-${credentialType}`, name: credentialType } },
				},
			],
			connections: { Start: { main: [[{ node: 'HTTP Request', type: 'main', index: 0 }]] } },
		},
		{ credentials: credentialData, startNode: 'Start' },
	);
	return { items: result.outputOf('HTTP Request'), error: result.errorOf('HTTP Request') };
}

it('Svc Storage API signs a request to its own Base URL (n8n passes the address as `uri`)', async () => {
	const run = await httpRequest('svcStorageApi', { method: 'GET', url: `${sim.baseUrl}/api/get_storage_data.php` });
	expect(run.error).toBeUndefined();
	expect(run.items[0].json).toMatchObject({ success: true, data: { used_mb: expect.anything() } });
});

it('Svc DVS API signs a JSON request to its own register', async () => {
	const run = await httpRequest('svcDvsApi', {
		method: 'POST',
		url: `${sim.baseUrl}/api_dvs/task/get_fields`,
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: '{}',
	});
	expect(run.error).toBeUndefined();
	expect(run.items.length).toBeGreaterThan(0);
});

it('Svc MCP-Endpoint API signs a request to its MCP endpoint', async () => {
	const initialize = {
		jsonrpc: '2.0',
		id: 1,
		method: 'initialize',
		params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'http-request', version: '1' } },
	};
	const run = await httpRequest('svcMcpApi', {
		method: 'POST',
		url: `${sim.baseUrl}/api/mcp`,
		sendHeaders: true,
		headerParameters: { parameters: [{ name: 'Accept', value: 'application/json, text/event-stream' }] },
		sendBody: true,
		contentType: 'json',
		specifyBody: 'json',
		jsonBody: JSON.stringify(initialize),
	});
	expect(run.error).toBeUndefined();
	expect(JSON.stringify(run.items[0].json)).toContain('protocolVersion');
});

it.each([
	['svcStorageApi', 'accessToken'],
	['svcDvsApi', 'accessToken'],
	['svcMcpApi', 'apiToken'],
])('%s refuses to sign a request for another address: the other server receives nothing', async (type, secretField) => {
	const other = await recorder(() => ({ status: 200 }));
	try {
		const run = await httpRequest(type, { method: 'POST', url: `${other.url}/collect` });
		expect(other.requests).toHaveLength(0);
		expect(run.error?.message ?? '').toMatch(
			/credential is sent only to http:\/\/127\.0\.0\.1:\d+, not to http:\/\/127\.0\.0\.1:\d+/,
		);
		expect(JSON.stringify(run.error)).not.toContain(
			String((credentials[type] as Record<string, unknown>)[secretField]),
		);
	} finally {
		other.server.close();
	}
});

it('a redirect from the credential’s own server is not followed: the secret stays on its origin', async () => {
	const elsewhere = await recorder(() => ({ status: 200, body: '{"stolen":true}' }));
	const own = await recorder(() => ({ status: 302, headers: { location: `${elsewhere.url}/steal` } }));
	try {
		const data = { svcStorageApi: { ...credentials.svcStorageApi, baseUrl: own.url } };
		const run = await httpRequest(
			'svcStorageApi',
			{
				method: 'GET',
				url: `${own.url}/api/get_storage_data.php`,
				options: { response: { response: { fullResponse: true, neverError: true } } },
			},
			data,
		);
		expect(own.requests).toHaveLength(1);
		expect(elsewhere.requests).toHaveLength(0);
		expect(run.items[0]?.json.statusCode ?? run.error?.httpCode).toEqual(run.items[0] ? 302 : '302');
	} finally {
		own.server.close();
		elsewhere.server.close();
	}
});

describe('Svc Storage API in the HTTP Request node, every body type and every sign-in method', () => {
	const pdf = Buffer.from('%PDF-1.7 uploaded through the HTTP Request node\n');
	const loginSession = async () => {
		const response = await fetch(`${sim.baseUrl}/api/login.php`, {
			method: 'POST',
			body: new URLSearchParams({ user: sim.demo.pro.login, pass: sim.demo.pro.password }),
		});
		return decodeURIComponent(/PHPSESSID=([^;\s]+)/.exec(await response.text())![1]);
	};
	const METHODS = {
		accessToken: async () => credentials.svcStorageApi,
		password: async () => ({
			baseUrl: sim.baseUrl,
			authMethod: 'password',
			user: sim.demo.pro.login,
			password: sim.demo.pro.password,
		}),
		session: async () => ({ baseUrl: sim.baseUrl, authMethod: 'session', sessionId: await loginSession() }),
	};
	const node = async (method: keyof typeof METHODS, parameters: Record<string, unknown>, typeVersion = 4.2) =>
		await runNode({
			type: 'n8n-nodes-base.httpRequest',
			typeVersion,
			parameters: {
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'svcStorageApi',
				method: 'POST',
				sendBody: true,
				options: {},
				...parameters,
			},
			credentials: { svcStorageApi: await METHODS[method]() },
			input: [{ json: {}, binary: { data: { data: pdf, fileName: 'contract.pdf', mimeType: 'application/pdf' } } }],
		});
	const newFolder = () =>
		sim.storage.createFolder(
			sim.demo.pro.userId,
			sim.demo.pro.rootFolderHash,
			`http-node-${Math.random().toString(36).slice(2, 8)}`,
		);

	// From version 4.2 the node builds a form-data encoder; before, a field map.
	it.each(
		(Object.keys(METHODS) as Array<keyof typeof METHODS>).flatMap((method) =>
			[4.2, 4.1].map((version) => [method, version] as const),
		),
	)(
		'%s: a multipart (Form-Data) upload_file of HTTP Request %s is signed and stores the file',
		async (method, version) => {
			const folder = newFolder();
			const run = await node(
				method,
				{
					url: `${sim.baseUrl}/api_v2/upload_file`,
					contentType: 'multipart-form-data',
					bodyParameters: {
						parameters: [
							{ parameterType: 'formData', name: 'folder_hash', value: folder.hash },
							{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
						],
					},
				},
				version,
			);
			expect(run.error).toBeUndefined();
			expect(run.items[0].json).toMatchObject({ file_name: 'contract.pdf' });
			const [stored] = sim.storage.listChildren(folder.hash);
			expect(sim.storage.getFile(stored.hash)?.content.equals(pdf)).toBe(true);
		},
	);

	it.each(Object.keys(METHODS) as Array<keyof typeof METHODS>)(
		'%s: a form-urlencoded create_folder is signed',
		async (method) => {
			const parent = newFolder();
			const run = await node(method, {
				url: `${sim.baseUrl}/api_v2/create_folder`,
				contentType: 'form-urlencoded',
				bodyParameters: {
					parameters: [
						{ name: 'parent_folder_hash', value: parent.hash },
						{ name: 'folder_name', value: 'Signed' },
					],
				},
			});
			expect(run.error).toBeUndefined();
			expect(sim.storage.listChildren(parent.hash).map((item) => item.name)).toEqual(['Signed']);
		},
	);

	it.each(['password', 'session'] as const)(
		'%s: a JSON body and a binary body are signed by the header',
		async (method) => {
			const json = await node(method, {
				url: `${sim.baseUrl}/api_v2/get_folder_content`,
				contentType: 'json',
				specifyBody: 'json',
				jsonBody: JSON.stringify({ folder_hash: sim.demo.pro.rootFolderHash }),
			});
			const binary = await node(method, {
				url: `${sim.baseUrl}/api_v2/get_folder_content`,
				contentType: 'binaryData',
				inputDataFieldName: 'data',
			});
			for (const run of [json, binary]) expect(run.error?.message ?? '').not.toMatch(/Authorization failed|401/);
		},
	);

	it('access token: a binary body, which has no fields to carry it, is refused with what to do, and nothing is sent', async () => {
		const before = sim.requests.length;
		const run = await node('accessToken', {
			url: `${sim.baseUrl}/api_v2/upload_file`,
			contentType: 'binaryData',
			inputDataFieldName: 'data',
		});
		expect(`${run.error?.message} ${run.error?.description ?? ''}`).toMatch(
			/send the file as Form-Data .* "User and Password" or "Session ID"/,
		);
		expect(sim.requests.length).toBe(before);
	});
});

describe('Svc DVS API and Svc MCP-Endpoint API in the HTTP Request node, every body type', () => {
	const file = Buffer.from('%PDF-1.7 attached through the HTTP Request node\n');
	const node = async (type: 'svcDvsApi' | 'svcMcpApi', parameters: Record<string, unknown>) =>
		await runNode({
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			parameters: {
				authentication: 'predefinedCredentialType',
				nodeCredentialType: type,
				method: 'POST',
				sendBody: true,
				options: {},
				...parameters,
			},
			credentials: { [type]: credentials[type] },
			input: [{ json: {}, binary: { data: { data: file, fileName: 'spec.pdf', mimeType: 'application/pdf' } } }],
		});

	it('DVS: a multipart (Form-Data) upload_document_file is signed and attaches the file', async () => {
		const taskId = sim.dvs.seed.orgA.tasks.header;
		const run = await node('svcDvsApi', {
			url: `${sim.baseUrl}/api_dvs/task/upload_document_file`,
			contentType: 'multipart-form-data',
			bodyParameters: {
				parameters: [
					{ parameterType: 'formData', name: 'dvs_document_id', value: String(taskId) },
					{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
				],
			},
		});
		expect(run.error).toBeUndefined();
		expect(run.items[0].json).toMatchObject({ file_hash: expect.any(String), upload_hash: expect.any(String) });
		expect(sim.storage.getFile(run.items[0].json.file_hash as string)?.content.equals(file)).toBe(true);
	});

	it('DVS: a binary body, which has no fields to carry the token, is refused with what to do, and nothing is sent', async () => {
		const before = sim.requests.length;
		const run = await node('svcDvsApi', {
			url: `${sim.baseUrl}/api_dvs/task/upload_document_file`,
			contentType: 'binaryData',
			inputDataFieldName: 'data',
		});
		expect(`${run.error?.message} ${run.error?.description ?? ''}`).toMatch(/send JSON, or a file as Form-Data/);
		expect(sim.requests.length).toBe(before);
	});

	it.each([
		[
			'form-urlencoded',
			{ contentType: 'form-urlencoded', bodyParameters: { parameters: [{ name: 'jsonrpc', value: '2.0' }] } },
		],
		[
			'multipart',
			{
				contentType: 'multipart-form-data',
				bodyParameters: { parameters: [{ parameterType: 'formData', name: 'jsonrpc', value: '2.0' }] },
			},
		],
		['binary', { contentType: 'binaryData', inputDataFieldName: 'data' }],
	])("MCP: a %s body is signed by the Authorization header, at the credential's own origin", async (_label, body) => {
		// A server on the credential's own address records what arrives (the simulator answers some calls without a token).
		const own = await recorder(() => ({ status: 200 }));
		try {
			const mcp = { ...(credentials.svcMcpApi as { userId: string; apiToken: string }), baseUrl: own.url };
			const run = await runNode({
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				parameters: {
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'svcMcpApi',
					method: 'POST',
					sendBody: true,
					url: `${own.url}/api/mcp`,
					options: {},
					...body,
				},
				credentials: { svcMcpApi: mcp },
				input: [{ json: {}, binary: { data: { data: file, fileName: 'spec.pdf', mimeType: 'application/pdf' } } }],
			});
			expect(run.error).toBeUndefined();
			expect(own.requests.map((request) => request.headers.authorization)).toEqual([
				`Bearer ${mcp.userId}:${mcp.apiToken}`,
			]);
		} finally {
			own.server.close();
		}
	});
});
