/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * MCP servers that behave as no document forbids, written here: the client never stops silently
 * at a bound it reaches.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { runNode } from '../../../devkit/harness';

let server: Server;
let baseUrl: string;
let listCalls = 0;

beforeAll(async () => {
	// Answers every tools/list page with another cursor: the list never ends.
	server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const message = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { id?: number; method?: string };
			if (message.id === undefined) {
				res.writeHead(202).end();
				return;
			}
			if (message.method === 'tools/list') listCalls++;
			const result =
				message.method === 'tools/list'
					? {
							tools: [{ name: `svc_tool_${listCalls}`, inputSchema: { type: 'object' } }],
							nextCursor: `page-${listCalls}`,
							resultType: 'complete',
						}
					: { resultType: 'complete' };
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => await new Promise<void>((resolve) => server.close(() => resolve())));

it('a tools/list whose cursor never ends is an error after 50 pages, not a list cut short', async () => {
	const result = await runNode({
		type: 'n8n-nodes-svc.svcMcp',
		parameters: { resource: 'tool', operation: 'list' },
		credentials: { svcMcpApi: { baseUrl, userId: 7, apiToken: 'token-abc' } },
	});
	expect(result.items).toHaveLength(0);
	expect(`${result.error?.message} ${result.error?.description ?? ''}`).toMatch(
		/tools\/list was still not complete after 50 pages/,
	);
	expect(listCalls).toBe(50);
});
