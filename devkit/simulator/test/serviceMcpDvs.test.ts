import type { Account } from '../accounts';
import { DvsTestClient, type Credentials } from '../dvs/testing/client';
import { credsOf } from '../dvs/testing/env';
import { startServiceSimulator, type ServiceSimulator } from '../index';
import type { McpTestClient } from '../mcp/testing/client';
import { freshUser, mcpClientFor, ok, toolError } from '../mcp/testing';
import { basicAuth, callForm } from '../storage/client';
import { EICAR_TEST_STRING } from '../storage/uploadPolicy';

let sim: ServiceSimulator;
let rest: DvsTestClient;

beforeAll(async () => {
	sim = await startServiceSimulator();
	rest = new DvsTestClient(sim.baseUrl);
});
afterAll(() => sim.close());
beforeEach(() => {
	sim.faults.clear();
	Object.assign(sim.mcp.settings, { writesEnabled: true, dvsEnabled: true, dvsWritesEnabled: true });
});

const A = () => sim.dvs.seed.orgA;
const B = () => sim.dvs.seed.orgB;

interface DvsUser {
	account: Account;
	mcp: McpTestClient;
	creds: Credentials;
}

/** A fresh org-A user with write on task and project_2: MCP client and REST credentials of one account. */
function dvsUser(write: string[] = ['task', 'project_2'], orgId = A().orgId): DvsUser {
	const { account, mcp } = freshUser(sim, { orgId, dvsWriteSections: write });
	return { account, mcp, creds: { user: account.login, token: account.accessTokens[0].token } };
}

const adminCreds = () => credsOf(A().users.admin);

describe('one register, two surfaces', () => {
	it('a task created over MCP is the task REST get_document shows, field for field', async () => {
		const u = dvsUser();
		const created = await ok(u.mcp, 'svc_dvs_create_task', {
			create_params: {
				dvs_project_id: A().projects.website,
				name: 'Created over MCP',
				description: '<p>From an <b>agent</b><script>x()</script></p>',
				dropdown_status: A().options.taskStatus['In progress'],
				responsible: A().users.worker.id,
				followers: [A().users.admin.id, u.account.id],
				date_due: '2026-03-31',
				estimated_hours: '4.5',
				customer_reference: 'CR-MCP',
			},
		});
		expect(created.status).toBe('created');
		const viaRest = await rest.call('task', 'get_document', u.creds, { dvs_document_id: created.dvs_document_id });
		expect(viaRest.status).toBe(200);
		expect(created.document).toEqual(viaRest.json);
		expect(viaRest.json).toMatchObject({
			name: 'Created over MCP',
			description: '<p>From an <b>agent</b></p>',
			dropdown_status: { id: A().options.taskStatus['In progress'], display_name: 'In progress' },
			dropdown_priority: { id: A().options.taskPriority.Normal },
			creator: { id: u.account.id },
			upload_hash: null,
		});
		expect(sim.dvs.store.notifications.at(-1)).toMatchObject({
			kind: 'create',
			documentId: created.dvs_document_id,
			actorId: u.account.id,
		});
	});

	it('REST writes are what MCP reads: get_document, list_documents, get_comments, search_users, get_users, get_fields', async () => {
		const u = dvsUser();
		const made = await rest.call('task', 'create_document', u.creds, {
			create_params: {
				dvs_project_id: A().projects.tools,
				name: 'Created over REST',
				responsible: A().users.worker.id,
			},
		});
		const id = made.json.dvs_document_id as number;
		await rest.call('task', 'update_document', u.creds, {
			dvs_document_id: id,
			update_params: { dropdown_status: A().options.taskStatus.Done },
		});
		await rest.call('task', 'add_comment', u.creds, { dvs_document_id: id, comment: 'REST says <hi> & bye' });

		const doc = await ok(u.mcp, 'svc_dvs_get_document', { section: 'task', dvs_document_id: id });
		expect(doc.document).toEqual((await rest.call('task', 'get_document', u.creds, { dvs_document_id: id })).json);

		const filters = {
			dvs_project_id: A().projects.tools,
			dropdown_status: [A().options.taskStatus.Done, A().options.taskStatus.Open],
		};
		const listed = await ok(u.mcp, 'svc_dvs_list_documents', { section: 'task', filters, order: 'oldest', limit: 5 });
		const restListed = (await rest.call('task', 'get_documents', u.creds, { filters, order: 'oldest', limit: 5 })).json;
		expect(listed.items).toEqual(restListed.items);
		expect(listed.total).toBe(restListed.total);
		expect(listed.items.map((t: { name: string }) => t.name)).toEqual(['Tooling upgrade', 'Created over REST']);

		const comments = await ok(u.mcp, 'svc_dvs_get_comments', { dvs_document_id: id });
		expect(comments.items).toEqual(
			(await rest.call('task', 'get_comments', u.creds, { dvs_document_id: id })).json.items,
		);
		expect(comments.items[0].html).toBe('REST says <hi> & bye');

		const design = await ok(u.mcp, 'svc_dvs_get_comments', { dvs_document_id: A().tasks.design, limit: 3, offset: 1 });
		const restDesign = (
			await rest.call('task', 'get_comments', u.creds, { dvs_document_id: A().tasks.design, limit: 3, offset: 1 })
		).json;
		expect(design).toMatchObject({ items: restDesign.items, total: restDesign.total });

		const search = await ok(u.mcp, 'svc_dvs_search_users', {
			pattern: 'an',
			limit: 5,
			dvs_document_id: A().tasks.ownTask,
		});
		const restSearch = (
			await rest.call('task', 'search_users', u.creds, { pattern: 'an', limit: 5, dvs_document_id: A().tasks.ownTask })
		).json;
		expect(search.users).toEqual(restSearch.users);

		const users = await ok(u.mcp, 'svc_dvs_get_users', { section: 'task', dvs_project_id: A().projects.website });
		expect(users.users).toEqual(
			(await rest.call('task', 'get_users', u.creds, { dvs_project_id: A().projects.website })).json.users,
		);

		const fields = await ok(u.mcp, 'svc_dvs_get_fields', { section: 'project_2' });
		const restFields = (await rest.call('project_2', 'get_fields', u.creds)).json;
		expect(fields.fields).toEqual(restFields.fields);
		expect(fields.actor).toEqual(restFields.actor);
	});

	it('comments added over MCP read back over REST and send the mention notification', async () => {
		const u = dvsUser();
		const text = `Ping @[USER:${A().users.worker.id}] and @[USER:${B().users.admin.id}] <b>now</b>`;
		const added = await ok(u.mcp, 'svc_dvs_add_comment', { dvs_document_id: A().tasks.header, comment: `  ${text}  ` });
		expect(added).toMatchObject({
			status: 'created',
			dvs_document_id: A().tasks.header,
			comment: { html: text, author: { id: u.account.id } },
		});
		const page = (
			await rest.call('task', 'get_comments', adminCreds(), { dvs_document_id: A().tasks.header, limit: 200 })
		).json;
		expect(page.items.at(-1)).toEqual(added.comment);
		expect(sim.dvs.store.mentionedUsers(A().tasks.header)).toContain(A().users.worker.id);
		expect(sim.dvs.store.mentionedUsers(A().tasks.header)).not.toContain(B().users.admin.id);
	});
});

describe('identical rules: the same 400 cases are tool errors over MCP', () => {
	const project = () => A().projects.website;
	const cases: Array<[string, () => Record<string, unknown>]> = [
		['unknown dropdown option', () => ({ dvs_project_id: project(), name: 'x', dropdown_status: 999_999 })],
		[
			'a dropdown option of the other organization',
			() => ({ dvs_project_id: project(), name: 'x', dropdown_status: B().options.taskStatus.New }),
		],
		[
			'a responsible user outside get_users',
			() => ({ dvs_project_id: project(), name: 'x', responsible: A().users.noPerm.id }),
		],
		['an inactive follower', () => ({ dvs_project_id: project(), name: 'x', followers: [A().users.inactive.id] })],
		['followers that are not a list', () => ({ dvs_project_id: project(), name: 'x', followers: A().users.worker.id })],
		['a project of another organization', () => ({ dvs_project_id: B().projects.bridge, name: 'x' })],
		['a task id as project', () => ({ dvs_project_id: A().tasks.design, name: 'x' })],
		['an impossible date', () => ({ dvs_project_id: project(), name: 'x', date_due: '2026-02-30' })],
		['non-numeric hours', () => ({ dvs_project_id: project(), name: 'x', estimated_hours: 'four' })],
		['a blank name', () => ({ dvs_project_id: project(), name: '   ' })],
		['an id given as a string', () => ({ dvs_project_id: String(project()), name: 'x' })],
		[
			'a contact of another organization as receiver',
			() => ({ dvs_project_id: project(), name: 'x', ext_notif_receiver: [B().contacts.eve] }),
		],
	];

	it.each(cases)('create with %s: REST 400, MCP invalid_argument, nothing stored', async (_label, params) => {
		const u = dvsUser();
		const before = sim.dvs.store.documents(A().orgId, 'task').length;
		const viaRest = await rest.call('task', 'create_document', u.creds, { create_params: params() });
		expect(viaRest.status).toBe(400);
		const viaMcp = await toolError(u.mcp, 'svc_dvs_create_task', { create_params: params() });
		expect(viaMcp.code).toBe('invalid_argument');
		expect(sim.dvs.store.documents(A().orgId, 'task')).toHaveLength(before);
	});

	it('update: changing the project, blanking the name, an unassignable responsible', async () => {
		const u = dvsUser();
		const id = A().tasks.tooling;
		const stored = JSON.stringify(sim.dvs.store.documentById(id)!.values);
		for (const update_params of [
			{ dvs_project_id: A().projects.website },
			{ name: '' },
			{ responsible: A().users.reader.id + 100000 },
			{ date_due: 'tomorrow' },
		]) {
			expect((await rest.call('task', 'update_document', u.creds, { dvs_document_id: id, update_params })).status).toBe(
				400,
			);
			expect((await toolError(u.mcp, 'svc_dvs_update_task', { dvs_document_id: id, update_params })).code).toBe(
				'invalid_argument',
			);
		}
		expect(JSON.stringify(sim.dvs.store.documentById(id)!.values)).toBe(stored);
		const same = await ok(u.mcp, 'svc_dvs_update_task', {
			dvs_document_id: id,
			update_params: { dvs_project_id: A().projects.tools, spent_hours: '2' },
		});
		expect(same.document).toMatchObject({ spent_hours: '2', dvs_project_id: { id: A().projects.tools } });
	});

	it('reads: bad filter values, get_users without a project of the organization, short or long search patterns', async () => {
		const u = dvsUser();
		const bad = { dropdown_status: 'Open' };
		expect((await rest.call('task', 'get_documents', u.creds, { filters: bad })).status).toBe(400);
		expect((await toolError(u.mcp, 'svc_dvs_list_documents', { section: 'task', filters: bad })).code).toBe(
			'invalid_argument',
		);
		expect((await rest.call('task', 'get_users', u.creds, { dvs_project_id: B().projects.bridge })).status).toBe(400);
		expect(
			(await toolError(u.mcp, 'svc_dvs_get_users', { section: 'task', dvs_project_id: B().projects.bridge })).code,
		).toBe('invalid_argument');
		for (const pattern of ['a', ' b ', 'x'.repeat(101)]) {
			expect((await rest.call('task', 'search_users', u.creds, { pattern })).status).toBe(400);
			expect((await toolError(u.mcp, 'svc_dvs_search_users', { pattern })).code).toBe('invalid_argument');
		}
	});

	it('comments: blank everywhere, longer than 20000 characters over MCP only (document 2; document 3 sets no maximum)', async () => {
		const u = dvsUser();
		const id = A().tasks.design;
		const total = sim.dvs.store.comments(id).length;
		expect((await rest.call('task', 'add_comment', u.creds, { dvs_document_id: id, comment: '   ' })).status).toBe(400);
		for (const comment of ['   ', 'y'.repeat(20001)]) {
			expect((await toolError(u.mcp, 'svc_dvs_add_comment', { dvs_document_id: id, comment })).code).toBe(
				'invalid_argument',
			);
		}
		expect(sim.dvs.store.comments(id)).toHaveLength(total);
		expect(await ok(u.mcp, 'svc_dvs_add_comment', { dvs_document_id: id, comment: 'z'.repeat(20000) })).toMatchObject({
			status: 'created',
		});
	});

	it('MCP-only strictness: unknown filter keys and field names are rejected where REST ignores them', async () => {
		const u = dvsUser();
		const filters = { no_such_field: 1, name: 'Design mockups' };
		expect((await rest.call('task', 'get_documents', u.creds, { filters })).status).toBe(200);
		expect(
			(await toolError(u.mcp, 'svc_dvs_list_documents', { section: 'task', filters: { no_such_field: 1 } })).message,
		).toContain('no_such_field');
		expect((await toolError(u.mcp, 'svc_dvs_list_documents', { section: 'task', filters: { name: 'x' } })).code).toBe(
			'invalid_argument',
		);
		const params = { dvs_project_id: A().projects.website, name: 'With extra', colour: 'red' };
		expect((await rest.call('task', 'create_document', u.creds, { create_params: params })).status).toBe(200);
		expect((await toolError(u.mcp, 'svc_dvs_create_task', { create_params: params })).code).toBe('invalid_argument');
	});
});

describe('access: REST 401/405, MCP permission_denied or not_found', () => {
	it('no write permission, register read only, no organization → permission_denied', async () => {
		const cases: Array<[DvsUser, number]> = [
			[dvsUser(['task']), 405],
			[dvsUser(['contact_person', 'client']), 405],
			[dvsUser([]), 405],
			[dvsUser(['task', 'project_2'], 999), 401],
		];
		for (const [u, restStatus] of cases) {
			expect((await rest.call('task', 'get_document', u.creds, { dvs_document_id: A().tasks.design })).status).toBe(
				restStatus,
			);
			expect(
				(await toolError(u.mcp, 'svc_dvs_get_document', { section: 'task', dvs_document_id: A().tasks.design })).code,
			).toBe('permission_denied');
			expect(
				(
					await toolError(u.mcp, 'svc_dvs_create_task', {
						create_params: { dvs_project_id: A().projects.website, name: 'x' },
					})
				).code,
			).toBe('permission_denied');
		}
	});

	it('a task of another organization or another register → not_found (REST 405)', async () => {
		const u = dvsUser();
		for (const id of [B().tasks.inspect, A().projects.website, 987654]) {
			expect((await rest.call('task', 'get_document', u.creds, { dvs_document_id: id })).status).toBe(405);
			expect((await toolError(u.mcp, 'svc_dvs_get_document', { section: 'task', dvs_document_id: id })).code).toBe(
				'not_found',
			);
			expect((await toolError(u.mcp, 'svc_dvs_add_comment', { dvs_document_id: id, comment: 'hi' })).code).toBe(
				'not_found',
			);
		}
		expect(
			(await rest.call('task', 'search_users', u.creds, { pattern: 'anna', dvs_document_id: A().projects.website }))
				.status,
		).toBe(405);
		expect(
			(await toolError(u.mcp, 'svc_dvs_search_users', { pattern: 'anna', dvs_document_id: A().projects.website })).code,
		).toBe('not_found');
	});

	it('the demo DVS admin of org A works over MCP with the printed bearer', async () => {
		const admin = mcpClientFor(sim, sim.accounts.get(A().users.admin.id)!);
		const project = await ok(admin, 'svc_dvs_get_document', {
			section: 'project_2',
			dvs_document_id: A().projects.website,
		});
		expect(project.document).toMatchObject({
			name: 'Website relaunch',
			full_number: expect.stringMatching(/^ACME-P-/),
		});
	});
});

describe('attachments', () => {
	it('attaches over MCP into the same folder REST lists; a taken name is name_conflict over MCP and numbered over REST', async () => {
		const u = dvsUser();
		const task = await ok(u.mcp, 'svc_dvs_create_task', {
			create_params: { dvs_project_id: A().projects.website, name: 'With files' },
		});
		const id = task.dvs_document_id;
		const first = await ok(u.mcp, 'svc_dvs_upload_file', {
			dvs_document_id: id,
			file_name: 'notes.txt',
			content: 'first',
			encoding: 'utf8',
		});
		expect(first).toMatchObject({ status: 'created', file: { name: 'notes.txt', size: 5, mime_type: 'text/plain' } });
		const doc = (await rest.call('task', 'get_document', u.creds, { dvs_document_id: id })).json;
		expect(doc.upload_hash).toBe(first.upload_hash);
		const owner = sim.accounts.get(A().users.admin.id)!;
		const listing = await callForm(
			sim.baseUrl,
			'/api_v2/get_folder_content',
			{ folder_hash: first.upload_hash },
			{ headers: basicAuth(owner.login, owner.password) },
		);
		expect(listing.json.map((e: { file_name: string }) => e.file_name)).toEqual(['notes.txt']);

		const conflict = await toolError(u.mcp, 'svc_dvs_upload_file', {
			dvs_document_id: id,
			file_name: 'NOTES.txt',
			content: 'second',
			encoding: 'utf8',
		});
		expect(conflict.code).toBe('name_conflict');
		const numbered = await rest.upload(u.creds, { dvs_document_id: String(id) }, [
			{ name: 'notes.txt', content: 'third', type: 'text/plain' },
		]);
		expect(numbered.json).toMatchObject({ upload_hash: first.upload_hash });
		expect(sim.storage.listChildren(first.upload_hash).map((f) => f.name)).toEqual(['notes.txt', 'notes (1).txt']);
		const history = sim.dvs.store.documentById(id)!.history.filter((h) => h.kind === 'upload');
		expect(history.map((h) => h.fileName)).toEqual(['notes.txt', 'notes (1).txt']);

		const files = await ok(u.mcp, 'svc_list_folder', { folder_hash: first.upload_hash });
		expect(files.items.map((f: { name: string }) => f.name)).toEqual(['notes.txt', 'notes (1).txt']);
		const read = await u.mcp.tool('svc_read_file', { file_hash: first.file.hash });
		expect(read.content[0].text).toBe('first');
	});

	it("save failures: virus_detected and file_too_large, like REST's 200 success:false", async () => {
		const u = dvsUser();
		const id = A().tasks.copy;
		const eicar = Buffer.from(EICAR_TEST_STRING).toString('base64');
		expect(
			(
				await toolError(u.mcp, 'svc_dvs_upload_file', {
					dvs_document_id: id,
					file_name: 'v.txt',
					content: eicar,
					encoding: 'base64',
				})
			).code,
		).toBe('virus_detected');
		const viaRest = await rest.upload(u.creds, { dvs_document_id: String(id) }, [
			{ name: 'v.txt', content: EICAR_TEST_STRING },
		]);
		expect(viaRest.json).toMatchObject({ success: false, error_code: 'virus_detected' });
		const limits = { ...sim.limits };
		sim.limits.maxFileBytes = 4;
		try {
			expect(
				(
					await toolError(u.mcp, 'svc_dvs_upload_file', {
						dvs_document_id: id,
						file_name: 'big.txt',
						content: '12345',
						encoding: 'utf8',
					})
				).code,
			).toBe('file_too_large');
		} finally {
			Object.assign(sim.limits, limits);
		}
		expect(sim.dvs.store.documentById(id)!.history.filter((h) => h.kind === 'upload')).toHaveLength(0);
	});
});

describe('faults and settings', () => {
	it('mcpUncertain: the task is created although the result says uncertain; REST finds it', async () => {
		const u = dvsUser();
		sim.faults.add({ match: { mcpTool: 'svc_dvs_create_task' }, fault: { kind: 'mcpUncertain' } });
		const result = await ok(u.mcp, 'svc_dvs_create_task', {
			create_params: { dvs_project_id: A().projects.tools, name: 'Uncertain task' },
		});
		expect(result).toMatchObject({ status: 'uncertain', dvs_document_id: expect.any(Number) });
		expect(sim.requests.at(-1)).toMatchObject({ mcpTool: 'svc_dvs_create_task', fault: 'mcpUncertain', status: 200 });
		const found = (
			await rest.call('task', 'get_documents', u.creds, { filters: { dvs_project_id: A().projects.tools } })
		).json;
		const mine = found.items.filter((t: { name: string }) => t.name === 'Uncertain task');
		expect(mine).toHaveLength(1);
		expect(mine[0].dvs_document_id).toBe(result.dvs_document_id);
	});

	it('mcpUncertain on add_comment: the comment is stored once', async () => {
		const u = dvsUser();
		sim.faults.add({ match: { mcpTool: 'svc_dvs_add_comment' }, fault: { kind: 'mcpUncertain' } });
		const result = await ok(u.mcp, 'svc_dvs_add_comment', { dvs_document_id: A().tasks.tooling, comment: 'maybe' });
		expect(result.status).toBe('uncertain');
		const comments = (await rest.call('task', 'get_comments', u.creds, { dvs_document_id: A().tasks.tooling })).json
			.items;
		expect(comments.filter((c: { html: string }) => c.html === 'maybe')).toHaveLength(1);
	});

	it('without dvsWritesEnabled the task write tools are unknown; reads keep working', async () => {
		const u = dvsUser();
		sim.mcp.settings.dvsWritesEnabled = false;
		const answer = await u.mcp.callTool('svc_dvs_create_task', {
			create_params: { dvs_project_id: A().projects.tools, name: 'x' },
		});
		expect(answer.body.error).toMatchObject({ code: -32602 });
		expect(await ok(u.mcp, 'svc_dvs_get_fields', { section: 'task' })).toMatchObject({ section: 'task' });
	});
});
