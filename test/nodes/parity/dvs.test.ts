/**
 * Svc DVS with either credential: every operation the MCP endpoint's DVS tools offer (tasks,
 * projects, comments, attachments, users) runs with the Svc DVS API and the Svc MCP-Endpoint API
 * credential against the same stores, with the same output fields and the same effect. Then
 * reconciliation over MCP (dropped answers, `status: "uncertain"`), the registers MCP lacks,
 * and refusals naming the deployment setting or OAuth scope.
 */
import type { INodeParameters } from 'n8n-workflow';

import { listSearch, loadOptions, resourceMapping } from '../../../devkit/harness';

import { overBothApis, routedOperations } from '../../routedOperations';
import { dvsOperations } from './dvsOperations';
import { textInput } from './storageOperations';
import {
	AUTHS,
	byId,
	ByCredential,
	DVS_NODE,
	jsonOf,
	nodeDescription,
	nodeProperties,
	oauthCredential,
	offeredValues,
	OutputFields,
	toolCalls,
	useParityEnv,
	type Auth,
	type RunExtra,
} from './env';

const env = useParityEnv();
const sim = () => env.sim();
const orgA = () => sim().dvs.seed.orgA;
const store = () => sim().dvs.store;

function fieldsParameter(value: Record<string, unknown>): INodeParameters {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] } as unknown as INodeParameters;
}

const fields = new OutputFields();

/** The JSON of items with the volatile values out, to compare what both credentials read. */
function comparable(items: Array<Record<string, unknown>>): unknown {
	return JSON.parse(JSON.stringify(items));
}

const reads = new ByCredential<unknown>();
function recordRead(operation: string, auth: Auth, items: Array<Record<string, unknown>>): void {
	reads.keep(operation, auth, comparable(items));
}

describe.each(AUTHS)('Svc DVS with the %s credential', (auth) => {
	dvsOperations(env, auth, {
		record: (operation, json) => fields.record(operation, auth, json),
		recordRead: (operation, items) => recordRead(operation, auth, items),
	});
});

/** Reads whose values differ by credential as the documents say, and why. */
const READS_DIFFER: Record<string, string> = {
	'attachment.list': "document 2's listing does not say who created an entry: created_by is null over MCP",
};

describe('the same output with either credential', () => {
	fields.itIsTheSameForEach(overBothApis('SvcDvs'), '%s: the same fields');

	reads.itIsTheSameForEach(
		routedOperations('SvcDvs')
			.filter(({ declared }) => declared.access === 'read')
			.map(({ resource, operation }) => `${resource}.${operation}`)
			.filter((operation) => overBothApis('SvcDvs').includes(operation) && !(operation in READS_DIFFER)),
		'%s: the same values read',
	);
});

describe('reconciliation over MCP: never written twice', () => {
	/** Runs `parameters` over MCP with `kind` faulting `tool`: the output items, and the calls of `tool` it made. */
	async function faulted(
		tool: string,
		kind: 'dropAfterCommit' | 'mcpUncertain',
		parameters: INodeParameters,
		extra?: RunExtra,
	) {
		// Stored a moment after it arrived: a time only the write can show (within the send's second it could be another's).
		sim().faults.add({ match: { mcpTool: tool }, fault: { kind, storedLaterMs: 2000 } });
		const from = sim().requests.length;
		const items = jsonOf(await env.dvs('mcp', parameters, extra));
		return { items, calls: toolCalls(sim(), from, tool) };
	}

	it.each([
		{ when: 'the connection drops after svc_dvs_create_task committed', fault: 'dropAfterCommit' as const },
		{ when: 'status "uncertain" (the write committed)', fault: 'mcpUncertain' as const },
	])('Task → Create: $when → read back, one task, reconciled', async ({ fault }) => {
		const a = orgA();
		const name = `${fault} ${Date.now()}`;
		const { items, calls } = await faulted('svc_dvs_create_task', fault, {
			resource: 'task',
			operation: 'create',
			project: byId(a.projects.website),
			fields: fieldsParameter({ name }),
		});
		const tasks = store()
			.documents(a.orgId, 'task')
			.filter((task) => task.values.name === name);
		expect(tasks).toHaveLength(1);
		expect(items).toEqual([expect.objectContaining({ dvs_document_id: tasks[0].id, name, reconciled: true })]);
		expect(calls).toHaveLength(1);
	});

	// Document 2, svc_dvs_add_comment: "comment (up to 20000 characters)".
	it('Comment → Add: over 20000 characters (mentions included) is refused before any request', async () => {
		const from = sim().requests.length;
		const result = await env.dvs('mcp', {
			resource: 'comment',
			operation: 'add',
			task: byId(orgA().tasks.design),
			comment: 'x'.repeat(19995),
			options: { mentionUserIds: [orgA().users.worker.id] },
		});
		expect(result.error?.message).toBe(
			`The parameter "Comment" is too long for Svc's MCP endpoint (20008 characters with mentions)`,
		);
		expect(toolCalls(sim(), from)).not.toContain('svc_dvs_add_comment');
	});

	it('Task → Update: status "uncertain" → read back, not sent again', async () => {
		const a = orgA();
		const { items, calls } = await faulted('svc_dvs_update_task', 'mcpUncertain', {
			resource: 'task',
			operation: 'update',
			documentId: byId(a.tasks.design),
			fields: fieldsParameter({ date_due: '2027-01-02' }),
		});
		expect(items).toEqual([
			expect.objectContaining({ dvs_document_id: a.tasks.design, date_due: '2027-01-02', reconciled: true }),
		]);
		expect(store().documentById(a.tasks.design)?.values.date_due).toBe('2027-01-02');
		expect(calls).toHaveLength(1);
	});

	it('Comment → Add: status "uncertain" → one comment, reconciled', async () => {
		const a = orgA();
		const text = `uncertain comment ${Date.now()}`;
		const { items } = await faulted('svc_dvs_add_comment', 'mcpUncertain', {
			resource: 'comment',
			operation: 'add',
			task: byId(a.tasks.design),
			comment: text,
		});
		expect(items).toEqual([{ dvs_document_id: a.tasks.design, reconciled: true }]);
		expect(
			store()
				.comments(a.tasks.design)
				.filter((comment) => comment.storedHtml.includes(text)),
		).toHaveLength(1);
	});

	it('Attachment → Upload: status "uncertain" → one file, reconciled', async () => {
		const a = orgA();
		const { items } = await faulted(
			'svc_dvs_upload_file',
			'mcpUncertain',
			{ resource: 'attachment', operation: 'upload', task: byId(a.tasks.design), binaryPropertyName: 'data' },
			{ input: textInput(`u-${Date.now()}.txt`, 'uncertain upload') },
		);
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ reconciled: true });
		const file = sim().storage.getFile(items[0].file_hash as string);
		expect(file?.content.toString()).toBe('uncertain upload');
	});
});

describe('registers and refusals over MCP', () => {
	it('contact persons and clients say they need the REST credential; the router refuses them over MCP with the reason', async () => {
		const properties = nodeProperties(DVS_NODE);
		expect(offeredValues(properties, 'resource', { authentication: 'svcMcpApi' })).toEqual(
			offeredValues(properties, 'resource', { authentication: 'svcDvsApi' }),
		);
		expect(offeredValues(properties, 'resource', { authentication: 'svcDvsApi' })).toEqual([
			'attachment',
			'client',
			'comment',
			'contactPerson',
			'project',
			'task',
			'user',
		]);
		expect(
			offeredValues(properties, 'register', {
				authentication: 'svcMcpApi',
				resource: 'user',
				operation: 'getAssignable',
			}),
		).toEqual(['project_2', 'task']);
		const result = await env.dvs('mcp', { resource: 'client', operation: 'getMany', returnAll: true });
		expect(result.error?.message).toMatch(/not available over Svc's MCP endpoint/);
		expect(result.error?.description).toMatch(/Svc DVS API/);
		const resource = properties.find((property) => property.name === 'resource');
		const client = (resource?.options ?? []).find((option) => 'value' in option && option.value === 'client') as
			| { description?: string }
			| undefined;
		expect(client?.description).toBe('Svc DVS API credential only');
		expect(nodeDescription(DVS_NODE).credentials?.map((credential) => credential.name)).toEqual([
			'svcDvsApi',
			'svcMcpApi',
			'svcMcpOAuth2Api',
		]);
	});

	it('a task write with DVS writes off names SVC_MCP_DVS_WRITES_ENABLED; reads still work', async () => {
		sim().mcp.settings.dvsWritesEnabled = false;
		const a = orgA();
		const before = store().documents(a.orgId, 'task').length;
		const result = await env.dvs('mcp', {
			resource: 'task',
			operation: 'create',
			project: byId(a.projects.website),
			fields: fieldsParameter({ name: 'nope' }),
		});
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/SVC_MCP_DVS_WRITES_ENABLED/);
		expect(store().documents(a.orgId, 'task')).toHaveLength(before);
		expect(
			jsonOf(await env.dvs('mcp', { resource: 'task', operation: 'get', documentId: byId(a.tasks.design) }))[0]
				.dvs_document_id,
		).toBe(a.tasks.design);
	});

	it('with the DVS tools off every DVS operation names SVC_MCP_DVS_ENABLED', async () => {
		sim().mcp.settings.dvsEnabled = false;
		const result = await env.dvs('mcp', { resource: 'task', operation: 'get', documentId: byId(orgA().tasks.design) });
		expect(`${result.error?.message} ${result.error?.description}`).toMatch(/SVC_MCP_DVS_ENABLED/);
	});

	it('an OAuth token without dvs:write reads tasks but the write error names the scope', async () => {
		const a = orgA();
		const admin = a.users.admin;
		const token = await oauthCredential(sim(), { login: admin.login, password: admin.password }, [
			'files:read',
			'dvs:read',
		]);
		const credentials = { svcMcpOAuth2Api: token };
		const read = await env.dvs(
			'mcp',
			{ authentication: 'svcMcpOAuth2Api', resource: 'task', operation: 'get', documentId: byId(a.tasks.design) },
			{ credentials },
		);
		expect(jsonOf(read)[0].dvs_document_id).toBe(a.tasks.design);
		const write = await env.dvs(
			'mcp',
			{
				authentication: 'svcMcpOAuth2Api',
				resource: 'comment',
				operation: 'add',
				task: byId(a.tasks.design),
				comment: 'scoped',
			},
			{ credentials },
		);
		expect(`${write.error?.message} ${write.error?.description}`).toMatch(/dvs:write/);
	});
});

describe('pickers with either credential', () => {
	const parameters = (auth: Auth, extra: INodeParameters = {}): INodeParameters => ({
		authentication: auth === 'rest' ? 'svcDvsApi' : 'svcMcpApi',
		resource: 'task',
		operation: 'getMany',
		...extra,
	});

	it('task and project lists, filter fields and values, and the fields mapper are the same', async () => {
		const collect = async (auth: Auth) => ({
			tasks: await listSearch({
				type: DVS_NODE,
				method: 'searchTasks',
				credentials: env.dvsCredentials(auth),
				parameters: parameters(auth),
			}),
			projects: await listSearch({
				type: DVS_NODE,
				method: 'searchProjects',
				credentials: env.dvsCredentials(auth),
				parameters: parameters(auth),
			}),
			filterFields: await loadOptions({
				type: DVS_NODE,
				method: 'getFilterFields',
				credentials: env.dvsCredentials(auth),
				parameters: parameters(auth),
			}),
			mapper: await resourceMapping({
				type: DVS_NODE,
				method: 'getDocumentFields',
				credentials: env.dvsCredentials(auth),
				parameters: parameters(auth, { operation: 'create', project: byId(orgA().projects.website) }),
			}),
		});
		const rest = await collect('rest');
		const mcp = await collect('mcp');
		expect(rest.tasks.results.length).toBeGreaterThan(0);
		expect(rest.filterFields.length).toBeGreaterThan(0);
		expect(mcp).toEqual(rest);
	});

	it('contact persons to notify are listed over the DVS API; over MCP the list says how to give them instead', async () => {
		const list = async (auth: Auth) =>
			await loadOptions({
				type: DVS_NODE,
				method: 'getContactPersons',
				credentials: env.dvsCredentials(auth),
				parameters: parameters(auth, { operation: 'create' }),
			});
		expect((await list('rest')).length).toBeGreaterThan(0);
		await expect(list('mcp')).rejects.toThrow(
			'Contact persons are listed with a DVS API credential only (the MCP endpoint does not reach them): give their IDs with an expression',
		);
	});
});
