'use strict';
// Test-only node: runs the steps given in its parameters against the built McpClient, one client
// per execution (as the Svc MCP node and the MCP backends use it), and reports each step's
// result or error (message, MCP code, uncertain marking) as an output item.
const { join } = require('node:path');

const mcp = require(join(__dirname, '..', '..', '..', '..', '..', 'dist', 'nodes', 'shared', 'transport', 'mcp'));

async function runStep(client, step, itemIndex) {
	const options = { itemIndex, write: step.write === true, ...(step.timeoutMs ? { timeoutMs: step.timeoutMs } : {}) };
	switch (step.op) {
		case 'callTool': {
			const outcome = await client.callTool(step.suffix, step.args ?? {}, options);
			return {
				toolName: outcome.toolName,
				status: outcome.status ?? null,
				structured: outcome.structured,
				contentTypes: outcome.content.map((block) => block.type),
			};
		}
		case 'callToolNamed': {
			const outcome = await client.callToolNamed(step.name, step.args ?? {}, options);
			return { toolName: outcome.toolName, status: outcome.status ?? null, structured: outcome.structured };
		}
		case 'hasTool':
			return { has: await client.hasTool(step.suffix, options) };
		case 'listTools':
			return { names: (await client.listTools(options)).map((tool) => tool.name) };
		case 'request':
			return await client.request(step.method, step.params ?? {}, options);
		default:
			throw new Error(`unknown step ${step.op}`);
	}
}

class McpClientProbe {
	constructor() {
		this.description = {
			displayName: 'MCP Client Probe',
			name: 'mcpClientProbe',
			group: ['transform'],
			version: 1,
			description: 'Drives McpClient in tests',
			defaults: { name: 'MCP Client Probe' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [
				{ name: 'svcMcpApi', required: false },
				{ name: 'svcMcpOAuth2Api', required: false },
			],
			properties: [
				{ displayName: 'Credential Type', name: 'credentialType', type: 'string', default: 'svcMcpApi' },
				{ displayName: 'Revision', name: 'revision', type: 'string', default: '' },
				{ displayName: 'Steps', name: 'steps', type: 'json', default: '[]' },
			],
		};
	}

	async execute() {
		const revision = this.getNodeParameter('revision', 0);
		const client = new mcp.McpClient(this, this.getNodeParameter('credentialType', 0), revision ? { revision } : {});
		const output = [];
		const items = this.getInputData();
		for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
			const raw = this.getNodeParameter('steps', itemIndex);
			const steps = typeof raw === 'string' ? JSON.parse(raw) : raw;
			for (const step of steps) {
				try {
					const result = await runStep(client, step, itemIndex);
					output.push({
						json: { op: step.op, ok: true, result, revision: client.revision ?? null },
						pairedItem: { item: itemIndex },
					});
				} catch (error) {
					output.push({
						json: {
							op: step.op,
							ok: false,
							message: error.message,
							description: error.description ?? null,
							httpCode: error.httpCode ?? null,
							code: mcp.mcpErrorCode(error) ?? null,
							uncertain: mcp.isUncertainOutcome(error),
						},
						pairedItem: { item: itemIndex },
					});
				}
			}
		}
		return [output];
	}
}

module.exports = { McpClientProbe };
