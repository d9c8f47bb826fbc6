import { listSearch, loadOptions, loadPackage, resourceMapping } from '../../../devkit/harness';
import type { SeedUser } from '../../../devkit/simulator/dvs';
import { byId, credentialsOf, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeAll(async () => {
	env = await startDvsNodeEnv();
});
afterAll(async () => await env.close());

const TYPE = 'n8n-nodes-svc.svcDvs';

/** The resource mapper's fields (getDocumentFields) for the node's `parameters`, as `user` (org A's admin). */
async function documentFields(parameters: Record<string, unknown>, user: SeedUser = env.seed.orgA.users.admin) {
	const credentials = credentialsOf(env, user);
	return (
		await resourceMapping({ type: TYPE, method: 'getDocumentFields', credentials, parameters: parameters as never })
	).fields;
}

/** What the node's load-options `method` offers org A's admin for `parameters` (at `path`, when given). */
async function adminOptions(method: string, parameters: Record<string, unknown>, path?: string) {
	const credentials = credentialsOf(env, env.seed.orgA.users.admin);
	return await loadOptions({ type: TYPE, method, credentials, parameters: parameters as never, path });
}

describe('resource mapper (create and update) from get_fields', () => {
	it.each([
		['a credential', {}, { resource: 'task', operation: 'create' }, /^Pick a credential first/],
		["a new task's project", undefined, { resource: 'task', operation: 'create' }, /^Pick the task's project first/],
	] as const)(
		'waits for %s with a neutral notice, asking nothing of the service',
		async (_what, credentials, parameters, notice) => {
			const before = env.sim.requests.length;
			const result = await resourceMapping({
				type: TYPE,
				method: 'getDocumentFields',
				credentials: credentials ?? credentialsOf(env, env.seed.orgA.users.admin),
				parameters: parameters as never,
			});
			expect(result).toEqual({ fields: [], emptyFieldsNotice: expect.stringMatching(notice) });
			expect(env.sim.requests.length).toBe(before);
		},
	);

	it("keeps n8n's own no-fields error (red, beside the notice) hidden: every empty list is explained by a notice", () => {
		const mappers = loadPackage()
			.nodeTypes.getByNameAndVersion(TYPE)
			.description.properties.filter((property) => property.type === 'resourceMapper');
		expect(mappers.length).toBeGreaterThan(0);
		for (const mapper of mappers) expect(mapper.typeOptions?.resourceMapper).toMatchObject({ hideNoDataError: true });
		for (const mapper of mappers) expect(mapper.typeOptions?.resourceMapper?.noFieldsError).toBeUndefined();
	});

	it("shows the mapper's hints in a notice right above it (n8n shows neither the mapper's description nor a hint per field)", () => {
		const properties = loadPackage().nodeTypes.getByNameAndVersion(TYPE).description.properties;
		const mappers = properties.flatMap((property, index) => (property.type === 'resourceMapper' ? [index] : []));
		for (const index of mappers) {
			const [notice, mapper] = [properties[index - 1], properties[index]];
			expect(notice).toMatchObject({
				type: 'notice',
				name: 'fieldsHint',
				displayName: mapper.description,
				displayOptions: mapper.displayOptions,
			});
		}
		expect(mappers.map((index) => properties[index - 1].displayName)).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/picked from lists by name/),
				expect.stringMatching(/^Add only the fields to change/),
			]),
		);
	});

	it("offers the organization's own fields with required ones marked and dropdown option ids", async () => {
		const a = env.seed.orgA;
		const fields = await documentFields({ resource: 'task', operation: 'create', project: byId(a.projects.website) });
		const byName = Object.fromEntries(fields.map((field) => [field.id, field]));
		expect(Object.keys(byName)).not.toContain('dvs_project_id');
		expect(byName.name).toMatchObject({ required: true, type: 'string', displayName: 'Name' });
		expect(byName.customer_reference).toMatchObject({ required: false, displayName: 'Customer reference' });
		expect(byName.dropdown_status).toMatchObject({
			type: 'options',
			options: [
				{ name: 'Open', value: a.options.taskStatus.Open },
				{ name: 'In progress', value: a.options.taskStatus['In progress'] },
				{ name: 'Done', value: a.options.taskStatus.Done },
			],
		});
		// Typed as n8n types, so n8n checks and converts them: a date picker, numbers, lists picked by name.
		expect(byName.date_due).toMatchObject({ type: 'dateTime', displayName: 'Due date' });
		expect(byName.estimated_hours).toMatchObject({ type: 'number', displayName: 'Estimated hours' });
		expect(byName.responsible).toMatchObject({
			type: 'options',
			options: expect.arrayContaining([{ name: 'Anna Admin', value: a.users.admin.id }]),
		});
		// The task's lists have their own pickers (n8n's mapper keeps no list a user picks).
		expect(Object.keys(byName)).not.toContain('followers');
		expect(Object.keys(byName)).not.toContain('ext_notif_receiver');
	});

	it('differs per organization: org B has its region dropdown and its own option ids', async () => {
		const b = env.seed.orgB;
		const fields = await documentFields(
			{ resource: 'task', operation: 'create', project: byId(b.projects.bridge) },
			b.users.admin,
		);
		const region = fields.find((field) => field.id === 'dropdown_region');
		expect(region?.options).toEqual([
			{ name: 'North', value: b.customField.options!.North },
			{ name: 'South', value: b.customField.options!.South },
		]);
		expect(fields.find((field) => field.id === 'customer_reference')).toBeUndefined();
	});

	it("lists responsible users of the chosen project (create) and of the updated task's project (update)", async () => {
		const a = env.seed.orgA;
		const responsibleOf = async (parameters: Record<string, unknown>) =>
			(await documentFields(parameters))
				.find((field) => field.id === 'responsible')
				?.options?.map((option) => option.value);
		const website = await responsibleOf({ resource: 'task', operation: 'create', project: byId(a.projects.website) });
		const tools = await responsibleOf({ resource: 'task', operation: 'create', project: byId(a.projects.tools) });
		expect(website).toContain(a.users.own.id);
		expect(tools).not.toContain(a.users.own.id);
		const update = await documentFields({ resource: 'task', operation: 'update', documentId: byId(a.tasks.tooling) });
		const responsible = update.find((field) => field.id === 'responsible');
		expect(responsible?.options?.map((option) => option.value)).toEqual(tools);
		expect(update.every((field) => !field.required)).toBe(true);
	});

	it('maps contact person fields, with the company as a client picker', async () => {
		const fields = await documentFields({ resource: 'contactPerson', operation: 'create' });
		const company = fields.find((field) => field.id === 'company');
		expect(company?.options?.map((option) => option.name).sort()).toEqual(['Globex Corp', 'Initech']);
		expect(fields.find((field) => field.id === 'name')?.required).toBe(true);
	});
});

describe('load options', () => {
	it('filter fields are only those with filter: true', async () => {
		const options = await adminOptions('getFilterFields', { resource: 'contactPerson', operation: 'getMany' });
		expect(options.map((option) => option.value)).toEqual(['company', 'multi_dropdown_group']);
	});

	it('responsible filter values depend on the project chosen in the filters', async () => {
		const a = env.seed.orgA;
		const values = async (projectId?: number) =>
			(
				await adminOptions(
					'getFilterValues',
					{
						resource: 'task',
						operation: 'getMany',
						filters: {
							filter: [
								...(projectId ? [{ field: 'dvs_project_id', values: [projectId] }] : []),
								{ field: 'responsible', values: [] },
							],
						},
					},
					`parameters.filters.filter[${projectId ? 1 : 0}].values`,
				)
			).map((option) => option.value);
		expect(await values(a.projects.website)).toContain(a.users.own.id);
		expect(await values(a.projects.tools)).not.toContain(a.users.own.id);
	});

	it("mention users come from the chosen task's project", async () => {
		const a = env.seed.orgA;
		const options = await adminOptions('getMentionUsers', {
			resource: 'comment',
			operation: 'add',
			task: byId(a.tasks.ownTask),
		});
		expect(options).toContainEqual({ name: 'Olga Own', value: a.users.own.id });
	});

	it("a task's followers are picked from its project's users: the chosen project's (create), the task's (update)", async () => {
		const a = env.seed.orgA;
		const users = async (parameters: Record<string, unknown>) =>
			(await adminOptions('getTaskUsers', { resource: 'task', ...parameters })).map((option) => option.value);
		expect(await users({ operation: 'create', project: byId(a.projects.website) })).toContain(a.users.own.id);
		expect(await users({ operation: 'create', project: byId(a.projects.tools) })).not.toContain(a.users.own.id);
		expect(await users({ operation: 'update', documentId: byId(a.tasks.ownTask) })).toContain(a.users.own.id);
		expect(await users({ operation: 'create' })).toEqual([]);
	});

	it("a task's external notification receivers are picked from the contact persons", async () => {
		const a = env.seed.orgA;
		const options = await adminOptions('getContactPersons', { resource: 'task', operation: 'create' });
		expect(options).toContainEqual({ name: 'Carol Contact', value: a.contacts.carol });
	});

	it('task search lists the newest tasks narrowed by the typed text', async () => {
		const a = env.seed.orgA;
		const result = await listSearch({
			type: TYPE,
			method: 'searchTasks',
			credentials: credentialsOf(env, a.users.admin),
			filter: 'header',
		});
		expect(result.results).toEqual([{ name: 'Implement header (ACME-T-0002)', value: String(a.tasks.header) }]);
	});
});
