/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; its key is a made-up test value; it reads answers of every shape */
/**
 * The Svc nodes as tools of n8n's AI Agent in a real n8n, set up as the editor leaves them (default
 * name, automatic description, inputs the model defines; a mapper filled the way the editor fills
 * it), with the OpenAI Chat Model pointed at the project's scripted model on loopback. Asserted:
 * what the model is told (described inputs, an MCP tool's own schema), that the values a model
 * naturally sends (names, paths, visible numbers) reach the service, that the answer reaches the
 * agent's output, and that no capability key ever reaches the model provider.
 */
import { importDemo, type CredentialRecord, type ExampleRecord } from '../../scripts/n8n/demo';
import { startN8n, type RunningN8n } from '../../scripts/n8n/runtime';
import { startDemoSimulator } from '../../examples/examples';
import type { ServiceSimulator } from '../simulator';
import { createWorkflow, executionNodes, executionsOf, startRun, waitFor } from './helpers';
import { callThenAnswer, lastToolResult, startModelServer, type ChatRequest, type ModelServer, type ModelTurn } from './modelServer';

let sim: ServiceSimulator;
let n8n: RunningN8n;
let model: ModelServer;
let credentials: CredentialRecord[];
let examples: ExampleRecord[];
let openAi: { id: string; name: string };
let script: (request: ChatRequest, requests: ChatRequest[]) => ModelTurn = () => ({ answer: 'idle' });

beforeAll(async () => {
	sim = await startDemoSimulator();
	model = await startModelServer((request, requests) => script(request, requests));
	n8n = await startN8n({
		beforeStart: async (bin, env) => {
			({ credentials, examples } = await importDemo(bin, env, sim));
		},
	});
	const created = await n8n.rest.request<any>('POST', '/rest/credentials', { name: 'Scripted model', type: 'openAiApi', data: { apiKey: 'sk-scripted-0000', url: model.url } });
	openAi = { id: String(created.id ?? created.data?.id), name: 'Scripted model' };
}, 5 * 60 * 1000);

afterAll(async () => {
	await n8n?.stop();
	await model?.close();
	await sim?.close();
});

const credentialOf = (type: string) => {
	const record = credentials.find((credential) => credential.type === type)!;
	return { [type]: { id: record.id, name: record.name } };
};

/** The agent workflow: Start → AI Agent, with the scripted OpenAI Chat Model and one Svc tool. */
function agentWorkflow(name: string, prompt: string, tool: { name: string; type: string; parameters: Record<string, unknown>; credentialType: string }) {
	return {
		name,
		nodes: [
			{ id: 'start', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3,
				position: [220, 0],
				parameters: { promptType: 'define', text: prompt, options: {} },
			},
			{
				id: 'model',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [160, 220],
				parameters: { model: { __rl: true, mode: 'id', value: 'scripted' }, options: {} },
				credentials: { openAiApi: openAi },
			},
			{
				id: 'tool',
				name: tool.name,
				type: tool.type,
				typeVersion: 1,
				position: [360, 220],
				parameters: { descriptionType: 'auto', ...tool.parameters },
				credentials: credentialOf(tool.credentialType),
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
			[tool.name]: { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
	};
}

/** Runs a workflow from Start and gives each node's output once the execution ended. */
async function run(workflow: Record<string, unknown>): Promise<Record<string, { items: any[]; error?: string }>> {
	const { id } = await createWorkflow(n8n.rest, workflow);
	await startRun(n8n.rest, id);
	const execution = await waitFor('the agent execution to end', async () => (await executionsOf(n8n.rest, id)).find((entry) => entry.status !== 'running' && entry.status !== 'new'), 120_000);
	return await executionNodes(n8n.rest, execution.id);
}

/** A resource mapper's value as the editor fills it for a tool: each field with its default (the model defines it). */
async function mapperAsEditorLeavesIt(type: string, parameters: Record<string, unknown>, method: string, credentialType: string) {
	const { fields } = await n8n.rest.request<{ fields: Array<{ id: string; type?: string; defaultValue?: unknown; removed?: boolean; required?: boolean; display?: boolean; displayName: string }> }>(
		'POST',
		'/rest/dynamic-node-parameters/resource-mapper-fields',
		{ path: 'parameters.fields', methodName: method, nodeTypeAndVersion: { name: type, version: 1 }, currentNodeParameters: parameters, credentials: credentialOf(credentialType) },
	);
	const shown = fields.filter((field) => !field.removed && field.defaultValue !== undefined);
	return {
		mappingMode: 'defineBelow',
		value: Object.fromEntries(shown.map((field) => [field.id, field.defaultValue])),
		matchingColumns: [],
		schema: fields.map((field) => ({ ...field, defaultMatch: false, canBeUsedToMatch: false })),
		attemptToConvertTypes: false,
		convertFieldsToString: true,
	};
}

/** Every capability key and token of the demo account: none may reach the model provider. */
function secretsOfDemo(): string[] {
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

function expectNothingSecretSentToTheModel() {
	const sent = model.rawBodies.join('\n');
	for (const secret of secretsOfDemo()) expect(sent).not.toContain(secret);
	expect(sent).not.toMatch(/folder_edit_key|folder_upload_key|file_delete_key|user_access_token/);
}

const toolNamed = (request: ChatRequest | undefined, pattern: RegExp) => request?.tools?.find((tool) => pattern.test(tool.function.name));

describe('Svc Storage as a tool', () => {
	it.each([
		['its name', 'Documents'],
		['its path', '/Documents'],
	])('lists a folder the model names by %s, with described inputs and no capability key to the model', async (_how, folder) => {
		const documents = sim.storage.listChildren(sim.demo.pro.rootFolderHash).find((item) => item.name === 'Documents')!;
		const inside = sim.storage.listChildren(documents.hash).map((item) => item.name);
		script = callThenAnswer(/^List_a_folder/, { folder });
		const from = model.requests.length;
		const nodes = await run(
			agentWorkflow(`Agent lists ${folder}`, 'What is in my Documents folder?', {
				name: 'List a folder in Svc Storage',
				type: 'n8n-nodes-svc.svcStorageTool',
				parameters: { resource: 'folder', operation: 'getContent' },
				credentialType: 'svcStorageApi',
			}),
		);
		const first = model.requests[from];
		const tool = toolNamed(first, /^List_a_folder/);
		expect(tool?.function.description).toMatch(/List a folder/);
		expect(tool?.function.parameters.properties.folder.description).toMatch(/path from ROOT such as \/Documents\/Reports/);
		expect(tool?.function.parameters.required).toContain('folder');
		expect(tool?.function.parameters.required ?? []).not.toContain('limit');
		const answered = lastToolResult(model.requests[model.requests.length - 1]);
		for (const name of inside) expect(answered).toContain(name);
		expect(nodes['AI Agent'].error).toBeUndefined();
		expect(JSON.stringify(nodes['AI Agent'].items)).toContain(inside[0]);
		expectNothingSecretSentToTheModel();
	}, 180_000);
});

describe('Svc DVS as a tool', () => {
	it('creates a task with a project, status and responsible user given by name, then reads it back by its visible number', async () => {
		const a = sim.dvs.seed.orgA;
		const projectName = String(sim.dvs.store.document(a.orgId, 'project_2', a.projects.website)!.values.name);
		const worker = sim.accounts.get(a.users.worker.id)!;
		const responsibleName = `${worker.firstName} ${worker.surname}`.trim();
		const statusName = Object.keys(a.options.taskStatus).find((name) => name !== 'Open') ?? 'Open';
		const createParameters = { authentication: 'svcDvsApi', resource: 'task', operation: 'create' };
		const fields = await mapperAsEditorLeavesIt('n8n-nodes-svc.svcDvsTool', { ...createParameters, project: { __rl: true, mode: 'id', value: String(a.projects.website) } }, 'getDocumentFields', 'svcDvsApi');
		expect(String(fields.value.dropdown_status)).toMatch(/\$fromAI\('dropdown_status'/);
		const taskName = `Agent task ${Date.now()}`;
		script = callThenAnswer(/^Create_a_task/, {
			project: projectName,
			name: taskName,
			dropdown_status: statusName,
			responsible: responsibleName,
		});
		const created = await run(
			agentWorkflow('Agent creates a task', 'Create a task in the Website project', {
				name: 'Create a task in Svc DVS',
				type: 'n8n-nodes-svc.svcDvsTool',
				parameters: { ...createParameters, fields },
				credentialType: 'svcDvsApi',
			}),
		);
		expect(created['AI Agent'].error).toBeUndefined();
		const stored = sim.dvs.store.documents(a.orgId, 'task').find((task) => task.values.name === taskName)!;
		expect(stored).toBeDefined();
		expect(stored.values.dvs_project_id).toBe(a.projects.website);
		expect(stored.values.dropdown_status).toBe(a.options.taskStatus[statusName]);
		expect(stored.values.responsible).toBe(worker.id);

		script = callThenAnswer(/^Get_a_task/, { documentId: stored.fullNumber });
		const read = await run(
			agentWorkflow('Agent reads a task', `Show me task ${stored.fullNumber}`, {
				name: 'Get a task in Svc DVS',
				type: 'n8n-nodes-svc.svcDvsTool',
				parameters: { resource: 'task', operation: 'get' },
				credentialType: 'svcDvsApi',
			}),
		);
		expect(read['AI Agent'].error).toBeUndefined();
		expect(lastToolResult(model.requests[model.requests.length - 1])).toContain(taskName);
		expectNothingSecretSentToTheModel();
	}, 240_000);
});

describe('Svc MCP as a tool', () => {
	it('gives the model the chosen MCP tool\'s own arguments, and calls it with what the model sends', async () => {
		const parameters = { authentication: 'apiToken', resource: 'tool', operation: 'call', tool: { __rl: true, mode: 'name', value: 'svc_search_docs' } };
		const args = await mapperAsEditorLeavesIt('n8n-nodes-svc.svcMcpTool', parameters, 'getToolArguments', 'svcMcpApi');
		script = callThenAnswer(/^Call_a_tool/, { query: 'upload', limit: 2 });
		const from = model.requests.length;
		const nodes = await run(
			agentWorkflow('Agent searches the docs', 'How do I upload a file?', {
				name: 'Call a tool in Svc MCP',
				type: 'n8n-nodes-svc.svcMcpTool',
				parameters: { ...parameters, argumentsMode: 'mapper', arguments: args },
				credentialType: 'svcMcpApi',
			}),
		);
		const tool = toolNamed(model.requests[from], /^Call_a_tool/);
		expect(tool?.function.parameters.properties.query).toMatchObject({ type: 'string' });
		expect(tool?.function.parameters.properties.query.description).toBeTruthy();
		expect(tool?.function.parameters.properties.limit).toMatchObject({ type: 'number' });
		expect(tool?.function.parameters.properties).not.toHaveProperty('Arguments__JSON_');
		expect(nodes['AI Agent'].error).toBeUndefined();
		expect(lastToolResult(model.requests[model.requests.length - 1])).toMatch(/upload/i);
		expectNothingSecretSentToTheModel();
	}, 180_000);
});

describe('the chat agent template', () => {
	it('answers from the demo data through its Svc tools, each offered to the model with described inputs', async () => {
		const template = examples.find((example) => example.agent)!;
		const chatTrigger = template.workflow.nodes.find((node) => node.type === '@n8n/n8n-nodes-langchain.chatTrigger')!;
		const nodes = template.workflow.nodes.map((node) =>
			node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi'
				? { ...node, parameters: { ...node.parameters, model: { __rl: true, mode: 'id', value: 'scripted' } }, credentials: { openAiApi: openAi } }
				: node,
		);
		const documents = sim.storage.listChildren(sim.demo.pro.rootFolderHash).find((item) => item.name === 'Documents')!;
		const inside = sim.storage.listChildren(documents.hash).map((item) => item.name);
		script = callThenAnswer(/^List_a_folder/, { folder: '/Documents' });
		const from = model.requests.length;
		const { id } = await createWorkflow(n8n.rest, {
			name: `${template.workflow.name} (e2e)`,
			nodes,
			connections: template.workflow.connections,
			pinData: { [chatTrigger.name]: [{ json: { sessionId: 'e2e', action: 'sendMessage', chatInput: 'What is in /Documents?' } }] },
		});
		await startRun(n8n.rest, id, chatTrigger.name);
		const execution = await waitFor('the template execution to end', async () => (await executionsOf(n8n.rest, id)).find((entry) => entry.status !== 'running' && entry.status !== 'new'), 120_000);
		const ran = await executionNodes(n8n.rest, execution.id);
		const offered = (model.requests[from]?.tools ?? []).map((tool) => tool.function.name).sort();
		expect(offered).toEqual(['Get_many_tasks_in_Svc_DVS', 'List_a_folder_in_Svc_Storage', 'Search_the_documentation_in_Svc_MCP']);
		for (const tool of model.requests[from].tools ?? []) {
			for (const property of Object.values<any>(tool.function.parameters?.properties ?? {})) expect(property.description).toBeTruthy();
		}
		expect(ran['AI Agent'].error).toBeUndefined();
		for (const name of inside) expect(lastToolResult(model.requests[model.requests.length - 1])).toContain(name);
		expectNothingSecretSentToTheModel();
	}, 180_000);
});
