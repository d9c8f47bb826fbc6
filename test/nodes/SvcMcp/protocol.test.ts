/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
/**
 * MCP servers written here that behave as the protocol allows and our simulator does not: an
 * event stream kept open after the answer, a stream that ends before it (resumed with GET and
 * Last-Event-ID), a result that asks for input, a tools/list the server lets clients cache, an
 * old-shape answer to a modern request, and the endpoint's own path and query.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import { runNode } from '../../../devkit/harness';

type Message = { id?: number; method?: string; params?: Record<string, any> };
type Handler = (message: Message, req: IncomingMessage, res: ServerResponse) => void;

let server: Server;
let endpoint: string;
let handler: Handler;
let seen: Array<{ method: string; url: string; rpc?: string; headers: IncomingMessage['headers'] }>;

beforeAll(async () => {
	server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			const message = (text ? JSON.parse(text) : {}) as Message;
			seen.push({ method: req.method ?? '', url: req.url ?? '', rpc: message.method, headers: req.headers });
			if (req.method === 'POST' && message.id === undefined) {
				res.writeHead(202).end();
				return;
			}
			handler(message, req, res);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/connectors/svc?workspace=7`;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
	seen = [];
});

const json = (res: ServerResponse, id: number | undefined, result: Record<string, unknown>) =>
	res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));

const toolResult = { content: [{ type: 'text', text: 'hello' }], structuredContent: { greeting: 'hello' } };

const call: INodeParameters = {
	resource: 'tool',
	operation: 'call',
	tool: { __rl: true, mode: 'name', value: 'svc_hello' },
	argumentsMode: 'json',
	argumentsJson: '{}',
};

async function run(parameters: INodeParameters, protocolVersion = '2026-07-28', apiToken = 'token-abc') {
	return await runNode({
		type: 'n8n-nodes-svc.svcMcp',
		parameters,
		credentials: {
			svcMcpApi: { baseUrl: 'http://127.0.0.1:1', endpointUrl: endpoint, userId: 7, apiToken, protocolVersion },
		},
	});
}

it("posts to the credential's endpoint URL, path and query string kept", async () => {
	handler = (message, _req, res) => json(res, message.id, { ...toolResult, resultType: 'complete' });
	const result = await run(call);
	expect(result.error).toBeUndefined();
	expect(seen.map((request) => request.url)).toEqual(['/connectors/svc?workspace=7']);
});

it('an event stream kept open after the answer: the answer is used and the stream closed', async () => {
	handler = (message, _req, res) => {
		res.writeHead(200, { 'Content-Type': 'text/event-stream' });
		res.write(
			`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1 } })}\n\n`,
		);
		res.write(
			`event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { ...toolResult, resultType: 'complete' } })}\n\n`,
		);
		// never ended
	};
	const result = await run(call);
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ greeting: 'hello' });
});

it('a stream that ends before the answer is resumed with GET and Last-Event-ID, after the retry the server named', async () => {
	let pendingId: number | undefined;
	handler = (message, req, res) => {
		if (req.method === 'GET') {
			res.writeHead(200, { 'Content-Type': 'text/event-stream' });
			res.end(
				`id: e2\nevent: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: pendingId, result: toolResult })}\n\n`,
			);
			return;
		}
		if (message.method === 'initialize') {
			res.writeHead(200, { 'Content-Type': 'application/json', 'Mcp-Session-Id': 's-1' });
			res.end(
				JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { protocolVersion: '2025-11-25', capabilities: {} } }),
			);
			return;
		}
		if (req.method === 'DELETE') {
			res.writeHead(200).end();
			return;
		}
		pendingId = message.id;
		res.writeHead(200, { 'Content-Type': 'text/event-stream' });
		res.end('id: e1\nretry: 10\ndata: \n\n');
	};
	const result = await run(call, '2025-11-25');
	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ greeting: 'hello' });
	const resumed = seen.find((request) => request.method === 'GET')!;
	expect(resumed.headers['last-event-id']).toBe('e1');
	expect(resumed.headers['mcp-session-id']).toBe('s-1');
	expect(seen.map((request) => request.rpc ?? request.method)).toEqual([
		'initialize',
		'notifications/initialized',
		'tools/call',
		'GET',
		'DELETE',
	]);
});

it('a result that asks for input is an error that says what the server asked', async () => {
	handler = (message, _req, res) =>
		json(res, message.id, {
			resultType: 'input_required',
			inputRequests: {
				confirm: {
					method: 'elicitation/create',
					params: { mode: 'form', message: 'Which folder?', requestedSchema: { type: 'object', properties: {} } },
				},
			},
		});
	const result = await run(call);
	expect(result.error?.message).toBe(
		'The MCP server asked for input while trying to call svc_hello (elicitation/create: "Which folder?")',
	);
	expect(result.error?.description).toMatch(/cannot answer questions from the server/);
});

it('a tools/list the server lets clients cache (ttlMs) is fetched once across executions', async () => {
	handler = (message, _req, res) =>
		json(res, message.id, {
			tools: [{ name: 'svc_hello', inputSchema: { type: 'object' } }],
			ttlMs: 60_000,
			cacheScope: 'private',
			resultType: 'complete',
		});
	const list: INodeParameters = { resource: 'tool', operation: 'list' };
	expect((await run(list)).items.map((item) => item.json.name)).toEqual(['svc_hello']);
	expect((await run(list)).items.map((item) => item.json.name)).toEqual(['svc_hello']);
	expect(seen.filter((request) => request.rpc === 'tools/list')).toHaveLength(1);
});

it('Auto: a server that answers a modern request in the old shape is initialized, and the read sent again', async () => {
	handler = (message, _req, res) => {
		if (message.method === 'initialize')
			return json(res, message.id, { protocolVersion: '2025-06-18', capabilities: {} });
		if (message.method === 'tools/list')
			return json(res, message.id, { tools: [{ name: 'svc_hello', inputSchema: { type: 'object' } }] });
		return json(res, message.id, toolResult);
	};
	const result = await run(call, 'auto');
	expect(result.error).toBeUndefined();
	// The generic Tool → Call may write, so its probe answer is kept rather than sent again.
	expect(seen.map((request) => request.rpc)).toEqual(['tools/call']);
	// (another token: the list cached by the test before is private to its credential)
	const list = await run({ resource: 'tool', operation: 'list' }, 'auto', 'token-other');
	expect(list.error).toBeUndefined();
	expect(seen.map((request) => request.rpc)).toEqual([
		'tools/call',
		'initialize',
		'notifications/initialized',
		'tools/list',
	]);
});

it("a request over document 2's 1 MB limit is refused before it is sent", async () => {
	handler = (message, _req, res) => json(res, message.id, { ...toolResult, resultType: 'complete' });
	const result = await run({ ...call, argumentsJson: JSON.stringify({ text: 'x'.repeat(1_100_000) }) });
	expect(result.error?.message).toBe(
		'The request to call svc_hello would be 1.05 MiB, more than the 1.00 MiB the MCP endpoint takes',
	);
	expect(seen).toEqual([]);
});
