/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads requests of every shape */
/**
 * A scripted OpenAI-compatible model on loopback, for n8n's AI Agent with the OpenAI Chat Model
 * (its credential's Base URL pointing here). It answers POST …/chat/completions by a script that
 * sees the request (tools offered, messages so far) and returns a tool call or the final text;
 * every request body is kept, so a test asserts what reached the "model provider".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { ServiceSimulator } from '../../devkit/simulator';

export interface ChatRequest {
	model: string;
	messages: Array<{ role: string; content?: unknown; tool_calls?: any[]; tool_call_id?: string }>;
	tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: any } }>;
	stream?: boolean;
}

/** What the model does next: call a tool with arguments, or answer. */
export type ModelTurn = { call: { name: string; arguments: Record<string, unknown> } } | { answer: string };

export interface ModelServer {
	/** The Base URL for n8n's OpenAI credential (`…/v1`). */
	url: string;
	/** Every chat request body received, oldest first. */
	requests: ChatRequest[];
	/** Every raw body received (also of other paths), for "nothing secret reached the model" checks. */
	rawBodies: string[];
	close(): Promise<void>;
}

function completion(turn: ModelTurn, index: number) {
	const message =
		'call' in turn
			? {
					role: 'assistant',
					content: null,
					tool_calls: [
						{
							id: `call_${index}`,
							type: 'function',
							function: { name: turn.call.name, arguments: JSON.stringify(turn.call.arguments) },
						},
					],
				}
			: { role: 'assistant', content: turn.answer };
	return {
		id: `chatcmpl-${index}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: 'scripted',
		choices: [{ index: 0, message, finish_reason: 'call' in turn ? 'tool_calls' : 'stop' }],
		usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
	};
}

/** The same answer as server-sent events, for a client that asked to stream. */
function streamed(turn: ModelTurn, index: number): string {
	const base = {
		id: `chatcmpl-${index}`,
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model: 'scripted',
	};
	const delta =
		'call' in turn
			? {
					role: 'assistant',
					tool_calls: [
						{
							index: 0,
							id: `call_${index}`,
							type: 'function',
							function: { name: turn.call.name, arguments: JSON.stringify(turn.call.arguments) },
						},
					],
				}
			: { role: 'assistant', content: turn.answer };
	const chunks = [
		{ ...base, choices: [{ index: 0, delta, finish_reason: null }] },
		{ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'call' in turn ? 'tool_calls' : 'stop' }] },
	];
	return `${chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`;
}

export async function startModelServer(
	script: (request: ChatRequest, requests: ChatRequest[]) => ModelTurn,
): Promise<ModelServer> {
	const requests: ChatRequest[] = [];
	const rawBodies: string[] = [];
	const server: Server = createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			rawBodies.push(raw);
			if (request.method === 'GET' && request.url?.endsWith('/models')) {
				response.writeHead(200, { 'content-type': 'application/json' });
				response.end(
					JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model', created: 0, owned_by: 'test' }] }),
				);
				return;
			}
			if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
				response.writeHead(404, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: { message: `not scripted: ${request.method} ${request.url}` } }));
				return;
			}
			let body: ChatRequest;
			try {
				body = JSON.parse(raw) as ChatRequest;
			} catch {
				response.writeHead(400, { 'content-type': 'application/json' });
				response.end(JSON.stringify({ error: { message: 'not JSON' } }));
				return;
			}
			requests.push(body);
			let turn: ModelTurn;
			try {
				turn = script(body, requests);
			} catch (error) {
				turn = { answer: `script failed: ${(error as Error).message}` };
			}
			if (body.stream) {
				response.writeHead(200, { 'content-type': 'text/event-stream' });
				response.end(streamed(turn, requests.length));
				return;
			}
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end(JSON.stringify(completion(turn, requests.length)));
		});
	});
	await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
		requests,
		rawBodies,
		close: async () => await new Promise<void>((closed) => server.close(() => closed())),
	};
}

/** The text of the last tool message the model received (what the tool answered), '' when none. */
export function lastToolResult(request: ChatRequest): string {
	const message = [...request.messages].reverse().find((entry) => entry.role === 'tool');
	if (!message) return '';
	return typeof message.content === 'string' ? message.content : JSON.stringify(message.content);
}

/** A two-turn script: call the tool whose name matches, then answer with what the tool returned. */
export function callThenAnswer(tool: RegExp, args: Record<string, unknown>): (request: ChatRequest) => ModelTurn {
	return (request) => {
		const result = lastToolResult(request);
		if (result) return { answer: `The tool said: ${result}` };
		const offered = request.tools?.find((entry) => tool.test(entry.function.name));
		if (!offered)
			return {
				answer: `no tool matching ${String(tool)} among ${(request.tools ?? []).map((entry) => entry.function.name).join(', ')}`,
			};
		return { call: { name: offered.function.name, arguments: args } };
	};
}

/** Every capability key and token of the demo account (8 characters or more): none may reach a model provider or an MCP client. */
export function demoSecrets(sim: ServiceSimulator): string[] {
	const values = new Set<string>([sim.demo.pro.apiToken ?? '']);
	const walk = (folderHash: string) => {
		for (const item of sim.storage.listChildren(folderHash)) {
			if (item.type === 'folder') {
				values.add(item.editKey);
				values.add(item.uploadKey);
				walk(item.hash);
			} else if (item.deleteKey) {
				values.add(item.deleteKey);
			}
		}
	};
	walk(sim.demo.pro.rootFolderHash);
	return [...values].filter((value) => value.length >= 8);
}
