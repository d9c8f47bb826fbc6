/**
 * The nodes as an AI Agent's tools, through the engine: the package's tool nodes (the node's type with `Tool`
 * appended). What a model naturally sends (names, paths,
 * visible numbers) reaches the service; capability keys stay out of the result unless asked for.
 */
import { NodeHelpers, type INodeParameters, type INodeProperties } from 'n8n-workflow';

import { loadPackage, resourceMapping, runNode, type NodeRunResult } from '../../devkit/harness';
import { DVS_NODE, MCP_NODE, STORAGE_NODE, byId, jsonOf } from '../helpers';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';

const STORAGE_TOOL = `${STORAGE_NODE}Tool`;
const DVS_TOOL = `${DVS_NODE}Tool`;

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startServiceSimulator();
});
afterAll(async () => await sim.close());

const storageCredentials = () => ({
	svcStorageApi: {
		baseUrl: sim.baseUrl,
		authMethod: 'accessToken',
		user: sim.demo.pro.login,
		accessToken: sim.demo.pro.apiToken ?? '',
	},
});
const dvsCredentials = () => {
	const admin = sim.dvs.seed.orgA.users.admin;
	return { svcDvsApi: { baseUrl: sim.baseUrl, user: admin.login, accessToken: admin.token } };
};
const listFolder = async (
	type: string,
	folder: string,
	options: INodeParameters = {},
	typeVersion?: number,
): Promise<NodeRunResult> =>
	await runNode({
		type,
		typeVersion,
		parameters: { resource: 'folder', operation: 'getContent', folder: byId(folder), returnAll: true, options },
		credentials: storageCredentials(),
	});
const documents = () =>
	sim.storage.listChildren(sim.demo.pro.rootFolderHash).find((item) => item.name === 'Documents')!;
/** A locator value the way a tool's twin input hands it over (no "By ID" check): the harness shows the regular inputs. */
const asSent = (value: string) => ({ __rl: true, mode: 'list', value });
const namesIn = (hash: string) =>
	sim.storage
		.listChildren(hash)
		.map((item) => item.name)
		.sort();

describe('folders and files by what a model sends', () => {
	it.each([
		['its path, in the regular node too', STORAGE_NODE, '/Documents'],
		['its path with other spacing of slashes', STORAGE_NODE, '//Documents/'],
		['its name, as a tool', STORAGE_TOOL, 'Documents'],
		['its name in other letter case, as a tool', STORAGE_TOOL, 'documents'],
		['its hash, as a tool', STORAGE_TOOL, ''],
	])('lists a folder given by %s', async (_how, type, given) => {
		const result = await listFolder(type, given || documents().hash);
		expect(result.error).toBeUndefined();
		expect(
			jsonOf(result)
				.map((entry) => String(entry.folder_name ?? entry.file_name))
				.sort(),
		).toEqual(namesIn(documents().hash));
	});

	it('names what exists when a name matches no folder, and sends nothing that could change anything', async () => {
		const result = await listFolder(STORAGE_TOOL, 'Reprots');
		expect(result.error?.message).toBe(
			'No folder "Reprots" was found (not a hash, a path or a name of this account\'s folders)',
		);
		expect(result.error?.description).toContain('"Documents"');
	});

	it('names the folders of the level where a path goes wrong', async () => {
		const result = await listFolder(STORAGE_NODE, '/Documents/Nowhere');
		expect(result.error?.message).toBe('No folder "Nowhere" in /Documents');
		const subfolders = sim.storage.listChildren(documents().hash).filter((item) => item.type === 'folder');
		for (const folder of subfolders) expect(result.error?.description).toContain(`"${folder.name}"`);
	});

	it("never takes a model's input in the regular node, even where Return All is given by expression", async () => {
		const result = await runNode({
			type: STORAGE_NODE,
			parameters: {
				resource: 'folder',
				operation: 'getContent',
				folder: byId(documents().hash),
				returnAll: '={{ false }}',
			},
			input: [{ json: { limit: 1 } }],
			credentials: storageCredentials(),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)).toHaveLength(Math.min(50, namesIn(documents().hash).length));
		expect(namesIn(documents().hash).length).toBeGreaterThan(1);
	});

	it('does not look names up in the regular node: a value is a hash there, as the picker gives', async () => {
		const result = await listFolder(STORAGE_NODE, 'Documents');
		expect(result.error?.httpCode).toBeDefined();
	});
});

const keysIn = (result: NodeRunResult) => JSON.stringify(jsonOf(result)).match(/_(edit|upload|delete)_key/g) ?? [];

describe('capability keys', () => {
	it('are left out of what a tool returns, in every node version, and kept in the regular node of version 1 only', async () => {
		expect(keysIn(await listFolder(STORAGE_TOOL, '/Documents'))).toEqual([]);
		expect(keysIn(await listFolder(STORAGE_TOOL, '/Documents', {}, 1))).toEqual([]);
		expect(keysIn(await listFolder(STORAGE_NODE, '/Documents'))).toEqual([]);
		expect(keysIn(await listFolder(STORAGE_NODE, '/Documents', {}, 1)).length).toBeGreaterThan(0);
	});

	it('are kept in a tool when its option says so, and left out of the regular node when its option says so', async () => {
		expect(keysIn(await listFolder(STORAGE_TOOL, '/Documents', { capabilityKeys: true })).length).toBeGreaterThan(0);
		expect(keysIn(await listFolder(STORAGE_NODE, '/Documents', { capabilityKeys: true })).length).toBeGreaterThan(0);
		expect(keysIn(await listFolder(STORAGE_NODE, '/Documents', { capabilityKeys: false }, 1))).toEqual([]);
	});
});

describe('Include Capability Keys as the editor shows it', () => {
	/** The defaults of the toggles a node version shows under Options (one per group of operations). */
	const shownDefaults = (type: string, version: number) => {
		const description = loadPackage().nodeTypes.getByNameAndVersion(type, version).description;
		const inVersion = (option: INodeProperties) =>
			NodeHelpers.displayParameter(
				{},
				{ ...option, displayOptions: { show: { '@version': option.displayOptions!.show!['@version']! } } },
				{ typeVersion: version },
				description,
			);
		return description.properties
			.filter((property) => property.name === 'options')
			.flatMap((collection) => (collection.options ?? []) as INodeProperties[])
			.filter((option) => option.name === 'capabilityKeys' && inVersion(option))
			.map((option) => option.default);
	};

	it.each([
		[STORAGE_NODE, 1, true],
		[STORAGE_NODE, 2, false],
		[STORAGE_TOOL, 1, false],
		[STORAGE_TOOL, 2, false],
		[DVS_NODE, 1, true],
		[DVS_NODE, 2, false],
		[DVS_TOOL, 1, false],
		[DVS_TOOL, 2, false],
		[`${MCP_NODE}`, 1, true],
		[`${MCP_NODE}Tool`, 1, false],
		[`${MCP_NODE}Tool`, 2, false],
	])('%s version %s shows it %s when added, as the node runs without it', (type, version, shown) => {
		const defaults = shownDefaults(type, version);
		expect(defaults.length).toBeGreaterThan(0);
		expect([...new Set(defaults)]).toEqual([shown]);
	});

	it('a version-1 tool with the toggle added as shown leaves the keys out, as without it; the version-1 node keeps them either way', async () => {
		const [shown] = shownDefaults(STORAGE_TOOL, 1);
		const added = await listFolder(STORAGE_TOOL, '/Documents', { capabilityKeys: shown }, 1);
		const absent = await listFolder(STORAGE_TOOL, '/Documents', {}, 1);
		expect([keysIn(added), keysIn(absent)]).toEqual([[], []]);
		const [shownInNode] = shownDefaults(STORAGE_NODE, 1);
		const addedInNode = await listFolder(STORAGE_NODE, '/Documents', { capabilityKeys: shownInNode }, 1);
		expect(keysIn(addedInNode)).toEqual(keysIn(await listFolder(STORAGE_NODE, '/Documents', {}, 1)));
	});
});

describe('DVS references by what a model sends', () => {
	it.each([
		['its visible number', (task: { fullNumber: string }) => task.fullNumber],
		['its name', () => 'Design mockups'],
	])('gets a task by %s, as a tool', async (_how, reference) => {
		const a = sim.dvs.seed.orgA;
		const task = sim.dvs.store.document(a.orgId, 'task', a.tasks.design)!;
		const result = await runNode({
			type: DVS_TOOL,
			parameters: { resource: 'task', operation: 'get', documentId: asSent(reference(task)) },
			credentials: dvsCredentials(),
		});
		expect(result.error).toBeUndefined();
		expect(jsonOf(result)[0].dvs_document_id).toBe(task.id);
	});

	it('names the newest tasks when a number matches none', async () => {
		const result = await runNode({
			type: DVS_TOOL,
			parameters: { resource: 'task', operation: 'get', documentId: asSent('ACME-T-9999') },
			credentials: dvsCredentials(),
		});
		expect(result.error?.message).toBe('No task "ACME-T-9999" was found (not an ID, a visible number or a name)');
		expect(result.error?.description).toContain('Design mockups');
	});

	it('creates a task whose status, priority and responsible user the model gives by name', async () => {
		const a = sim.dvs.seed.orgA;
		const worker = sim.accounts.get(a.users.worker.id)!;
		const [status] = Object.entries(a.options.taskStatus).filter(([name]) => name !== 'Open');
		const fields = {
			mappingMode: 'defineBelow',
			value: {
				name: 'Named by a model',
				dropdown_status: status[0],
				responsible: `${worker.firstName} ${worker.surname}`,
			},
			matchingColumns: [],
			schema: [],
		};
		const result = await runNode({
			type: DVS_TOOL,
			parameters: { resource: 'task', operation: 'create', project: byId(String(a.projects.website)), fields },
			credentials: dvsCredentials(),
		});
		expect(result.error).toBeUndefined();
		const stored = sim.dvs.store.documentById(Number(jsonOf(result)[0].dvs_document_id))!;
		expect(stored.values).toMatchObject({
			name: 'Named by a model',
			dropdown_status: status[1],
			responsible: worker.id,
		});
	});
});

describe('the DVS field mapper of a tool', () => {
	it('lists the fields without a project (the model gives it), each one for the model to fill, by name where IDs go', async () => {
		const { fields } = await resourceMapping({
			type: DVS_TOOL,
			method: 'getDocumentFields',
			credentials: dvsCredentials(),
			parameters: { resource: 'task', operation: 'create' } as never,
		});
		const byId = Object.fromEntries(fields.map((field) => [field.id, field]));
		expect(byId.name).toMatchObject({
			type: 'string',
			required: true,
			defaultValue: expect.stringMatching(/^=\{\{ \$fromAI\('name', `Name\.`, 'string'\) \}\}$/),
		});
		expect(byId.dropdown_status).toMatchObject({
			type: 'string',
			defaultValue: expect.stringMatching(
				/\$fromAI\('dropdown_status', `Status: a name from the choices, or its ID\. Choices: Open, /,
			),
		});
		expect(String(byId.dropdown_status.defaultValue)).toMatch(/Optional\.`, 'string', ''\) \}\}$/);
	});
});
