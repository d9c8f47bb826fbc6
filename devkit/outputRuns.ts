/**
 * One real run of every operation of the three action nodes against the demo simulator, each its case's
 * (operationCases.ts: on a place of its own, or the demo data a read reads): what the output schemas
 * (nodes/<Node>/__schema__/) are made from (`npm run schemas`) and checked against
 * (test/schemas/outputSchemas.test.ts, which holds them to the routers).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { demoCredentials } from './demo';
import { runNode, type CredentialsMap, type HarnessInputItem } from './harness';
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

/** Every operation, in the order of operationCases.ts. */
export function operationRuns(sim: ServiceSimulator): OperationRun[] {
	return OPERATION_CASES.map((declared) => ({
		node: declared.node,
		resource: declared.resource,
		operation: declared.operation,
		parameters: declared.parameters(sim),
		...(declared.api === 'mcp' ? { mcp: true } : {}),
		...(declared.session ? { session: true } : {}),
		...(declared.input ? { input: declared.input() } : {}),
	}));
}

const TYPE_OF: Record<string, string> = {
	SvcStorage: 'n8n-nodes-svc.svcStorage',
	SvcDvs: 'n8n-nodes-svc.svcDvs',
	SvcMcp: 'n8n-nodes-svc.svcMcp',
};

/** Runs one operation (at a node version, or the newest) and gives its output items. */
export async function runOperation(
	sim: ServiceSimulator,
	run: OperationRun,
	sessionId?: string,
	typeVersion?: number,
): Promise<IDataObject[]> {
	const pro = sim.demo.pro;
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
		parameters: { resource: run.resource, operation: run.operation, ...authentication, ...run.parameters },
		credentials,
		input: run.input,
	});
	if (result.error) throw new Error(`${run.node} ${run.resource}.${run.operation}: ${result.error.message}`);
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
