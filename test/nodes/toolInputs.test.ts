/**
 * The nodes' AI tools (the `…Tool` nodes, whose inputs the model defines
 * through `$fromAI`), through the engine: what the model sends arrives as the tool's input item, as
 * in n8n. Inputs are taken for what they mean in the shapes earlier workflows and models give them
 * (a resource locator where text now goes, a number or a yes/no as text, JSON text where an object
 * goes); a value that cannot mean anything is an error naming the input. An MCP tool's optional
 * arguments stay optional for the model, as its own input schema says.
 */
import { getSchema } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import type { IDataObject, INode, INodeParameters } from 'n8n-workflow';
import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod';

import { resourceMapping, runNode, type NodeRunResult } from '../../devkit/harness';
import { DVS_NODE, MCP_NODE, STORAGE_NODE, byName, jsonOf } from '../helpers';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';

const STORAGE_TOOL = `${STORAGE_NODE}Tool`;
const DVS_TOOL = `${DVS_NODE}Tool`;
const MCP_TOOL = `${MCP_NODE}Tool`;

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startServiceSimulator();
});
afterAll(async () => await sim.close());

const credentials = {
	storage: () => ({
		svcStorageApi: {
			baseUrl: sim.baseUrl,
			authMethod: 'accessToken',
			user: sim.demo.pro.login,
			accessToken: sim.demo.pro.apiToken ?? '',
		},
	}),
	dvs: () => {
		const admin = sim.dvs.seed.orgA.users.admin;
		return { svcDvsApi: { baseUrl: sim.baseUrl, user: admin.login, accessToken: admin.token } };
	},
	mcp: () => ({
		svcMcpApi: {
			baseUrl: sim.baseUrl,
			userId: sim.demo.pro.userId,
			apiToken: sim.demo.pro.apiToken,
			protocolVersion: 'auto',
		} as never,
	}),
	/** The MCP endpoint as a DVS user, whose DVS tools answer. */
	mcpOfDvs: () => {
		const admin = sim.dvs.seed.orgA.users.admin;
		return {
			svcMcpApi: { baseUrl: sim.baseUrl, userId: admin.id, apiToken: admin.token, protocolVersion: 'auto' } as never,
		};
	},
};

/** A tool call: the node's saved parameters, and what the model sent as the tool's input item. */
async function callTool(
	type: string,
	parameters: INodeParameters,
	sent: IDataObject,
	creds: () => object,
): Promise<NodeRunResult> {
	return await runNode({ type, parameters, input: [{ json: sent }], credentials: creds() as never });
}

/** A call of the Svc Storage tool as the demo PRO user. */
const callStorageTool = (parameters: INodeParameters, sent: IDataObject) =>
	callTool(STORAGE_TOOL, parameters, sent, credentials.storage);

/** A call of the Svc DVS tool as org A's admin. */
const callDvsTool = (parameters: INodeParameters, sent: IDataObject) =>
	callTool(DVS_TOOL, parameters, sent, credentials.dvs);

/** The earlier shape n8n's "let the model define this parameter" gave a resource locator. */
const savedLocator = (key: string) => ({ __rl: true, mode: 'list', value: `={{ $fromAI('${key}') }}` });

const documents = () =>
	sim.storage.listChildren(sim.demo.pro.rootFolderHash).find((item) => item.name === 'Documents')!;
const namesIn = (hash: string) =>
	sim.storage
		.listChildren(hash)
		.map((item) => item.name)
		.sort();
const namesOf = (result: NodeRunResult) =>
	jsonOf(result)
		.map((entry) => String(entry.folder_name ?? entry.file_name))
		.sort();

describe('a tool saved with the earlier resource-locator shape', () => {
	it('lists the folder the model names (Folder)', async () => {
		const result = await callStorageTool(
			{ resource: 'folder', operation: 'getContent', folder: savedLocator('Folder'), returnAll: true },
			{ Folder: '/Documents' },
		);
		expect(namesOf(result)).toEqual(namesIn(documents().hash));
	});

	it('gets the task the model names by its visible number (Task)', async () => {
		const a = sim.dvs.seed.orgA;
		const task = sim.dvs.store.document(a.orgId, 'task', a.tasks.design)!;
		const result = await callDvsTool(
			{ resource: 'task', operation: 'get', documentId: savedLocator('Task') },
			{ Task: task.fullNumber },
		);
		expect(jsonOf(result)[0].dvs_document_id).toBe(task.id);
	});

	it('lists the users of the project the model names (Project)', async () => {
		const a = sim.dvs.seed.orgA;
		const project = sim.dvs.store.document(a.orgId, 'project_2', a.projects.website)!;
		const result = await callDvsTool(
			{ resource: 'user', operation: 'getAssignable', project: savedLocator('Project') },
			{ Project: String(project.values.name) },
		);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result).length).toBeGreaterThan(0);
	});
});

describe('inputs as text where numbers, yes/no and objects go', () => {
	it('takes a limit and Return All given as text', async () => {
		const result = await callStorageTool(
			{ resource: 'folder', operation: 'getContent' },
			{ folder: '/Documents', returnAll: 'false', limit: '2' },
		);
		expect(jsonOf(result)).toHaveLength(2);
	});

	it('takes Simplify given as text', async () => {
		const a = sim.dvs.seed.orgA;
		const task = sim.dvs.store.document(a.orgId, 'task', a.tasks.design)!;
		const read = async (simplify: string) =>
			jsonOf(await callDvsTool({ resource: 'task', operation: 'get' }, { documentId: task.fullNumber, simplify }))[0];
		const [plain, simplified] = [await read('false'), await read('true')];
		expect(plain.dvs_document_id).toBe(task.id);
		expect(simplified).not.toEqual(plain);
		expect(Object.keys(simplified).filter((key) => key.endsWith('_id')).length).toBeGreaterThan(
			Object.keys(plain).filter((key) => key.endsWith('_id')).length,
		);
	});

	it("takes an MCP tool's arguments given as JSON text", async () => {
		const parameters = {
			resource: 'tool',
			operation: 'call',
			tool: byName('svc_search_docs'),
			argumentsMode: 'mapper',
			arguments: '={{ $fromAI("args", "", "string") }}',
		};
		const result = await callTool(MCP_TOOL, parameters, { args: '{"query": "upload", "limit": 2}' }, credentials.mcp);
		expect(result.error).toBeUndefined();
		expect(JSON.stringify(jsonOf(result))).toMatch(/upload/i);
	});

	it.each([
		[
			'a limit that is no number',
			{ folder: '/Documents', limit: 'many' },
			'The parameter "Limit" must be a whole number',
		],
		[
			'a Return All that is no yes or no',
			{ folder: '/Documents', returnAll: 'perhaps' },
			'The parameter "Return All" must be true or false',
		],
		['a folder that is a list', { folder: ['a', 'b'] }, 'The parameter "Folder" got a list, not text'],
	])('names the input when %s', async (_case, sent, message) => {
		const result = await callStorageTool({ resource: 'folder', operation: 'getContent' }, sent);
		expect(result.error?.message).toContain(message);
	});

	it('names the input when the arguments are no object', async () => {
		const parameters = {
			resource: 'tool',
			operation: 'call',
			tool: byName('svc_search_docs'),
			arguments: '={{ $fromAI("args", "", "string") }}',
		};
		const result = await callTool(MCP_TOOL, parameters, { args: '[1, 2]' }, credentials.mcp);
		expect(result.error?.message).toBe('The parameter "Tool Arguments" must be an object of arguments');
	});
});

describe("an MCP tool's own arguments, for the model", () => {
	/** The Tool Arguments mapper as the editor fills it for a tool: each argument's default lets the model define it. */
	async function argumentsAsEditorLeavesThem(tool: string): Promise<INodeParameters> {
		const parameters = { resource: 'tool', operation: 'call', tool: byName(tool) };
		const { fields } = await resourceMapping({
			type: MCP_TOOL,
			method: 'getToolArguments',
			credentials: credentials.mcpOfDvs() as never,
			parameters: parameters as never,
		});
		return {
			...parameters,
			arguments: {
				mappingMode: 'defineBelow',
				value: Object.fromEntries(fields.map((field) => [field.id, field.defaultValue])),
				matchingColumns: [],
				schema: fields,
			},
		} as unknown as INodeParameters;
	}

	const shapeOf = (parameters: INodeParameters) =>
		(
			getSchema({
				id: 't',
				name: 'Tool',
				type: MCP_TOOL,
				typeVersion: 1,
				position: [0, 0],
				parameters,
			} as INode) as unknown as ZodObject<ZodRawShape>
		).shape as Record<string, ZodTypeAny>;

	it('leaves optional arguments out of what the model must send, with their defaults, described in sentences', async () => {
		const shape = shapeOf(await argumentsAsEditorLeavesThem('svc_list_folder'));
		expect(Object.keys(shape).filter((key) => !shape[key].isOptional())).toEqual(['folder_hash']);
		expect(shape.limit.description).toMatch(/^Raw entries to scan\. Optional, \d+ when left out\.$/);
		expect(shape.offset.description).toBe('Raw position to start at. Optional, 0 when left out.');
		expect(shape.limit.parse(undefined)).toEqual(expect.any(Number));
	});

	it('asks an optional argument without a default as text that may stay empty, and leaves it out of the call', async () => {
		const parameters = await argumentsAsEditorLeavesThem('svc_dvs_search_users');
		const shape = shapeOf(parameters);
		expect(shape.dvs_document_id.isOptional()).toBe(true);
		expect(shape.dvs_document_id.parse(undefined)).toBe('');
		expect(shape.dvs_document_id.description).toMatch(/A number, as text\. Optional\.$/);
		const result = await callTool(MCP_TOOL, parameters, { pattern: 'adm' }, credentials.mcpOfDvs);
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0]).toBeDefined();
	});
});
