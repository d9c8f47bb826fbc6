/**
 * One real run of every operation of the three action nodes against the demo simulator, in an order
 * where each finds what it needs (a key saved before it is read, a task before it is updated), then each
 * operation declared in operationCases.ts on a place of its own: what the output schemas
 * (nodes/<Node>/__schema__/) are made from (`npm run schemas`) and checked against
 * (test/schemas/outputSchemas.test.ts).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DEMO_IMPORT_URL, demoCredentials } from './demo';
import { byId, runNode, type CredentialsMap, type HarnessInputItem } from './harness';
import { OPERATION_CASES } from './operationCases';
import type { ServiceSimulator } from './simulator';

/** The folder of a node version's schemas, as n8n's editor asks for it (node version 2 → `v2.0.0`). */
export function schemaFolderOf(typeVersion: number): string {
	return `v${String(typeVersion).split('.').concat(['0', '0']).slice(0, 3).join('.')}`;
}

export interface OperationRun {
	/** The node's folder under nodes/ (SvcStorage, SvcDvs, SvcMcp). */
	node: string;
	resource: string;
	operation: string;
	parameters: INodeParameters;
	/** Over the MCP credential (the MCP node always is). */
	mcp?: boolean;
	/** The storage account's session instead of its token. */
	session?: boolean;
	input?: HarnessInputItem[];
}

const mapper = (value: Record<string, unknown>) =>
	({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] }) as unknown as INodeParameters;
const file = (name: string): HarnessInputItem[] => [
	{ json: {}, binary: { data: { data: Buffer.from(`content of ${name}`), fileName: name, mimeType: 'text/plain' } } },
];

/** Every operation, in the order they run. */
export function operationRuns(sim: ServiceSimulator): OperationRun[] {
	const { pro, keys, folders, files } = sim.demo;
	const a = sim.dvs.seed.orgA;
	const [client] = Object.values(a.clients);
	const [contact] = Object.values(a.contacts);
	const userId = pro.userId;
	const storage = (
		resource: string,
		operation: string,
		parameters: INodeParameters,
		extra: Partial<OperationRun> = {},
	): OperationRun => ({ node: 'SvcStorage', resource, operation, parameters, ...extra });
	const dvs = (
		resource: string,
		operation: string,
		parameters: INodeParameters,
		extra: Partial<OperationRun> = {},
	): OperationRun => ({ node: 'SvcDvs', resource, operation, parameters, ...extra });
	const mcp = (resource: string, operation: string, parameters: INodeParameters): OperationRun => ({
		node: 'SvcMcp',
		resource,
		operation,
		parameters,
		mcp: true,
	});
	return [
		storage('account', 'getStorageUsage', {}),
		storage('account', 'getUserData', {}),
		storage('account', 'validateSession', {}, { session: true }),
		storage('encryptionKey', 'saveUserKeys', { userId, kem: 'kem', dsa: 'dsa', x25519: 'x25519', ed25519: 'ed25519' }),
		storage('encryptionKey', 'saveFileKey', {
			userId,
			fileHash: 'SchemaFileHash',
			encryptionKey: 'wrapped',
			keySignature: 'signature',
		}),
		storage('encryptionKey', 'getFileKey', { userId, fileHash: 'SchemaFileHash' }),
		storage('encryptionKey', 'saveUploadKey', {
			userId,
			uploadHash: 'SchemaUploadHash',
			encryptionKey: 'wrapped',
			keySignature: 'signature',
		}),
		storage('encryptionKey', 'getUploadKey', { userId, uploadHash: 'SchemaUploadHash' }),
		storage('encryptionKey', 'getShareKey', {
			userId,
			receiverEmail: keys.email,
			keyOf: 'file',
			fileHash: 'SchemaFileHash',
		}),
		storage('esignature', 'getMany', { file: byId(files.contract.hash), returnAll: true }),
		storage('esignature', 'share', { file: byId(files.contract.hash), emails: 'signer@example.com' }),
		storage('folder', 'create', { parentFolder: byId(folders.documents.hash), folderName: 'Schema folder' }),
		storage('folder', 'getContent', { folder: byId(folders.documents.hash), returnAll: true }),
		storage('folder', 'getInfo', { folder: byId(folders.documents.hash) }),
		storage('folder', 'rename', { folder: byId('=PATH:/Documents/Schema folder'), newName: 'Schema folder renamed' }),
		storage(
			'folder',
			'move',
			{ folder: byId('=PATH:/Documents/Schema folder renamed'), targetFolder: byId(folders.shared.hash) },
			{ mcp: true },
		),
		storage('folder', 'delete', { folder: byId('=PATH:/Shared/Schema folder renamed') }),
		storage('folder', 'restore', { folderHash: '=RESTORE:folder' }),
		storage(
			'file',
			'upload',
			{ folder: byId(folders.documents.hash), binaryPropertyName: 'data' },
			{ input: file('schema.txt') },
		),
		storage('file', 'getInfo', { file: byId(files.contract.hash) }),
		storage('file', 'download', { file: byId(files.brochure.hash), binaryPropertyName: 'data' }),
		storage('file', 'rename', { file: byId('=PATH:/Documents/schema.txt'), newName: 'schema renamed.txt' }),
		storage('file', 'delete', { file: byId('=PATH:/Documents/schema renamed.txt') }),
		storage('file', 'restore', { fileHash: '=RESTORE:file' }),
		storage('file', 'search', { query: 'contract', limit: 5 }, { mcp: true }),
		storage(
			'file',
			'importFromUrl',
			{ folder: byId(folders.documents.hash), source: 'url', sourceUrl: DEMO_IMPORT_URL },
			{ mcp: true },
		),
		dvs('task', 'getFields', {}),
		dvs('task', 'create', {
			project: byId(a.projects.website),
			fields: mapper({
				name: 'Schema task',
				dropdown_status: a.options.taskStatus['In progress'],
				responsible: String(a.users.worker.id),
				followers: [a.users.admin.id, a.users.worker.id],
				date_due: '2027-01-31',
				estimated_hours: 4,
				customer_reference: 'SCHEMA-1',
			}),
		}),
		dvs('task', 'get', { documentId: byId(a.tasks.design) }),
		dvs('task', 'getMany', { limit: 5 }),
		dvs('task', 'update', { documentId: byId(a.tasks.design), fields: mapper({ customer_reference: 'SCHEMA-1' }) }),
		dvs('comment', 'add', { task: byId(a.tasks.design), comment: 'Schema comment' }),
		dvs('comment', 'getMany', { task: byId(a.tasks.design), returnAll: true }),
		dvs(
			'attachment',
			'upload',
			{ task: byId(a.tasks.design), binaryPropertyName: 'data' },
			{ input: file('schema.txt') },
		),
		dvs('attachment', 'list', { task: byId(a.attachedTask.taskId) }),
		dvs('project', 'getFields', {}),
		dvs('project', 'get', { documentId: byId(a.projects.website) }),
		dvs('project', 'getMany', { limit: 5 }),
		dvs('user', 'getAssignable', { register: 'task', project: byId(a.projects.website) }),
		dvs('user', 'search', { pattern: 'an' }),
		dvs('contactPerson', 'getFields', {}),
		dvs('contactPerson', 'create', { fields: mapper({ name: 'Schema contact' }) }),
		dvs('contactPerson', 'get', { documentId: byId(contact) }),
		dvs('contactPerson', 'getMany', { limit: 5 }),
		dvs('contactPerson', 'update', { documentId: byId(contact), fields: mapper({ name: 'Schema contact renamed' }) }),
		dvs('client', 'getFields', {}),
		dvs('client', 'get', { documentId: byId(client) }),
		dvs('client', 'getMany', { limit: 5 }),
		mcp('server', 'discover', {}),
		mcp('tool', 'list', {}),
		mcp('tool', 'call', {
			tool: { __rl: true, mode: 'name', value: 'svc_get_root_folder' },
			argumentsMode: 'json',
			argumentsJson: '{}',
		}),
		mcp('resource', 'list', {}),
		mcp('resource', 'listTemplates', {}),
		mcp('resource', 'read', { uri: 'svc-docs://mcp-endpoint' }),
		mcp('docs', 'search', { query: 'upload', limit: 3 }),
		mcp('docs', 'get', { uri: 'svc-docs://dvs-api' }),
		// Each declared operation, on a place of its own (operationCases.ts).
		...OPERATION_CASES.map((declared) => ({
			node: declared.node,
			resource: declared.resource,
			operation: declared.operation,
			parameters: declared.parameters(sim),
			mcp: !declared.apis.includes('rest'),
		})),
	];
}

const TYPE_OF: Record<string, string> = {
	SvcStorage: 'n8n-nodes-svc.svcStorage',
	SvcDvs: 'n8n-nodes-svc.svcDvs',
	SvcMcp: 'n8n-nodes-svc.svcMcp',
};

/** Runs one operation; a path (`=PATH:/Documents/x`) is resolved in the store and `=RESTORE:kind` names what the run before deleted. */
export async function runOperation(
	sim: ServiceSimulator,
	run: OperationRun,
	deleted: Record<string, string>,
	sessionId?: string,
	typeVersion?: number,
): Promise<IDataObject[]> {
	const pro = sim.demo.pro;
	const resolve = (value: unknown): unknown => {
		if (value && typeof value === 'object' && !Array.isArray(value))
			return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolve(inner)]));
		if (typeof value !== 'string') return value;
		if (value.startsWith('=PATH:')) return hashAt(sim, value.slice('=PATH:'.length));
		if (value.startsWith('=RESTORE:')) return deleted[value.slice('=RESTORE:'.length)];
		return value;
	};
	const parameters = resolve(run.parameters) as INodeParameters;
	const credentials: CredentialsMap = run.mcp
		? { svcMcpApi: { baseUrl: sim.baseUrl, userId: pro.userId, apiToken: pro.apiToken, protocolVersion: 'auto' } }
		: run.session
			? { svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'session', sessionId: sessionId ?? '' } }
			: demoCredentials(sim);
	const authentication =
		run.node === 'SvcMcp' ? { authentication: 'apiToken' } : run.mcp ? { authentication: 'svcMcpApi' } : {};
	const result = await runNode({
		type: TYPE_OF[run.node],
		typeVersion,
		parameters: { resource: run.resource, operation: run.operation, ...authentication, ...parameters },
		credentials,
		input: run.input,
	});
	if (result.error) throw new Error(`${run.node} ${run.resource}.${run.operation}: ${result.error.message}`);
	if (run.operation === 'delete') deleted[run.resource] = String((parameters[run.resource] as IDataObject).value);
	return result.items.map((item) => item.json);
}

/** A session of the demo PRO account (login.php, POST), for the account script that validates one. */
export async function loginSession(sim: ServiceSimulator): Promise<string> {
	const { login, password } = sim.demo.pro;
	const response = await fetch(`${sim.baseUrl}/api/login.php`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ user: login, pass: password }),
	});
	const session = /PHPSESSID=([^;\s]+)/.exec(await response.text())?.[1];
	if (!session) throw new Error('login.php gave no session');
	return decodeURIComponent(session);
}

function hashAt(sim: ServiceSimulator, path: string): string {
	let hash = sim.demo.pro.rootFolderHash;
	for (const name of path.split('/').filter(Boolean)) {
		const child = sim.storage.listChildren(hash).find((entry) => entry.name === name);
		if (!child) throw new Error(`nothing at ${path}`);
		hash = child.hash;
	}
	return hash;
}

type JsonSchema = { type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema };

const typeOf = (value: unknown): string =>
	value === null
		? 'null'
		: Array.isArray(value)
			? 'array'
			: typeof value === 'number'
				? Number.isInteger(value)
					? 'integer'
					: 'number'
				: typeof value;

/** The JSON Schema of all the values seen: the union of their types, objects by property, arrays by element. */
export function schemaOf(values: unknown[]): JsonSchema {
	const seen = values.filter((value) => value !== undefined);
	// A field that is sometimes empty has the type of its values (the editor shows one type per field).
	const all = [...new Set(seen.map(typeOf))].sort();
	const types = all.length > 1 ? all.filter((type) => type !== 'null') : all;
	const schema: JsonSchema = { type: types.length === 1 ? types[0] : types };
	const objects = seen.filter((value) => typeOf(value) === 'object') as IDataObject[];
	if (objects.length) {
		const keys = [...new Set(objects.flatMap((object) => Object.keys(object)))].sort();
		schema.properties = Object.fromEntries(keys.map((key) => [key, schemaOf(objects.map((object) => object[key]))]));
	}
	const arrays = seen.filter(Array.isArray) as unknown[][];
	if (arrays.length && arrays.some((array) => array.length)) schema.items = schemaOf(arrays.flat());
	return schema;
}

/** Where n8n looks for an operation's output schema: `<node folder>/__schema__/v<version>/<resource>/<operation>.json`. */
export function schemaPathOf(
	root: string,
	run: Pick<OperationRun, 'node' | 'resource' | 'operation'>,
	typeVersion: number,
): string {
	return `${root}/nodes/${run.node}/__schema__/${schemaFolderOf(typeVersion)}/${run.resource}/${run.operation}.json`;
}
