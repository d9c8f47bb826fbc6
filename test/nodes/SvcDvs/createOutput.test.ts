import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, type HarnessInputItem } from '../../../devkit/harness';
import { insertTask } from '../../../devkit/simulator/dvs';
import { byId, credentialsOf, dvsCalls, fieldsParameter, startDvsNodeEnv, type DvsNodeEnv } from './env';

/*
 * Task → Create over the DVS API answers the ID alone; the node outputs the task as Get shows it. Most creates of a
 * run are built from one listing of the project instead of a get_document each: these runs compare every create's
 * output with Get of the same task, byte for byte, through n8n's engine, and count what was read.
 */

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

const names = (count: number, prefix: string): HarnessInputItem[] =>
	Array.from({ length: count }, (_, index) => ({ json: { name: `${prefix} ${index + 1}` } }));

/** Create with `fields` for every input item, then Get of each created document, in one workflow. */
async function createThenGet(
	items: HarnessInputItem[],
	fields: IDataObject,
	parameters: INodeParameters = {},
	resource: 'task' | 'contactPerson' = 'task',
) {
	const a = env.seed.orgA;
	const project = resource === 'task' ? { project: byId(a.projects.website) } : {};
	const fieldsOf = fieldsParameter({ name: '={{ $json.name }}', ...fields });
	const create = { resource, operation: 'create', ...project, fields: fieldsOf, ...parameters };
	const get = { resource, operation: 'get', documentId: byId('={{ $json.dvs_document_id }}'), ...parameters };
	env.sim.resetRequests();
	const user = resource === 'task' ? a.users.admin : a.users.contacts;
	const result = await runWorkflow(
		{
			nodes: [
				{ name: 'Input', type: 'items', parameters: {} },
				{ name: 'Create', type: 'n8n-nodes-svc.svcDvs', parameters: create },
				{ name: 'Get', type: 'n8n-nodes-svc.svcDvs', parameters: get },
			],
			connections: {
				Input: { main: [[{ node: 'Create', type: 'main', index: 0 }]] },
				Create: { main: [[{ node: 'Get', type: 'main', index: 0 }]] },
			},
			items: { Input: items },
		},
		{ credentials: credentialsOf(env, user), startNode: 'Input' },
	);
	expect(result.error).toBeUndefined();
	const created = result.outputOf('Create').map((item) => JSON.stringify(item.json));
	const got = result.outputOf('Get').map((item) => JSON.stringify(item.json));
	const calls = dvsCalls(env);
	const section = resource === 'task' ? 'task' : 'contact_person';
	return { created, got, count: (action: string) => calls.filter((call) => call === `${section}/${action}`).length };
}

describe('Task → Create outputs the task as Get shows it', () => {
	it('builds most of a run from one listing, byte for byte what Get outputs', async () => {
		const a = env.seed.orgA;
		const run = await createThenGet(names(25, 'Listed'), {
			dropdown_status: a.options.taskStatus['In progress'],
			responsible: String(a.users.worker.id),
		});
		expect(run.created).toHaveLength(25);
		expect(run.created).toEqual(run.got);
		expect(JSON.parse(run.created[3])).toMatchObject({ name: 'Listed 4', description: null, upload_hash: null });
		expect(run.count('create_document')).toBe(25);
		// Get's own 25, and one of the creates' (the pattern of the rest); the others came with the listings.
		expect(run.count('get_document')).toBe(25 + 1);
		// The run's look before its first create, then one listing: an item waiting for it leaves its slot to the next.
		expect(run.count('get_documents')).toBe(1 + 1);
	});

	it('lists again before a waiting create could fall off the listing page (200 documents)', async () => {
		const run = await createThenGet(names(230, 'Paged'), {});
		expect(run.created).toEqual(run.got);
		expect(run.count('get_document')).toBe(230 + 1);
		expect(run.count('get_documents')).toBe(1 + 2);
	});

	it('simplified, the same as Get simplified', async () => {
		const a = env.seed.orgA;
		const run = await createThenGet(names(4, 'Simple'), { responsible: String(a.users.worker.id) }, { simplify: true });
		expect(run.created).toEqual(run.got);
		expect(JSON.parse(run.created[1])).toMatchObject({ responsible: expect.any(String) });
	});

	it('reads each task that was sent a description (what the service keeps of its html is its own)', async () => {
		const run = await createThenGet(names(3, 'Described'), { description: '<p>Plan <b>it</b><script>x</script></p>' });
		expect(run.created).toEqual(run.got);
		expect(run.count('get_document')).toBe(3 + 3);
	});

	it('reads each task where the service fills an html field left out with text (a template it may choose)', async () => {
		const a = env.seed.orgA;
		const description = env.store.fieldsOf(a.orgId, 'task').find((field) => field.name === 'description')!;
		description.default = '<p>Steps to reproduce:</p>';
		const run = await createThenGet(names(3, 'Templated'), {});
		expect(run.created).toEqual(run.got);
		expect(JSON.parse(run.created[2])).toMatchObject({ description: '<p>Steps to reproduce:</p>' });
		expect(run.count('get_document')).toBe(3 + 3);
	});

	it('reads a task the listing shows changed since it was made: Get shows what another writer made of it', async () => {
		// Another writer edits the second new task as soon as it is stored, before the node lists the project.
		const insert = env.store.insertDocument.bind(env.store);
		jest.spyOn(env.store, 'insertDocument').mockImplementation((orgId, section, doc) => {
			const stored = insert(orgId, section, doc);
			if (stored.values.name === 'Changed 2') {
				stored.values.description = '<p>edited by someone</p>';
				stored.updatedAt += 5000;
			}
			return stored;
		});
		const run = await createThenGet(names(3, 'Changed'), {});
		expect(run.created).toEqual(run.got);
		expect(JSON.parse(run.created[1])).toMatchObject({ description: '<p>edited by someone</p>' });
		// The pattern's, and the changed task's.
		expect(run.count('get_document')).toBe(3 + 2);
	});

	it("reads a task the listing does not reach: others' new tasks in the way", async () => {
		const a = env.seed.orgA;
		// Another writer adds more tasks to the project than the listing shows beyond the creates it is taken for.
		const insert = env.store.insertDocument.bind(env.store);
		let others = 0;
		jest.spyOn(env.store, 'insertDocument').mockImplementation((orgId, section, doc) => {
			const stored = insert(orgId, section, doc);
			if (stored.values.name === 'Crowded 3' && others++ === 0)
				for (let index = 0; index < 12; index++)
					insertTask(env.store, {
						orgId: a.orgId,
						creatorId: a.users.worker.id,
						values: { dvs_project_id: a.projects.website, name: `Other ${index}` },
					});
			return stored;
		});
		const run = await createThenGet(names(3, 'Crowded'), {});
		expect(run.created).toEqual(run.got);
		// Beyond the pattern's, a get_document for each create the listing did not reach.
		expect(run.count('get_document')).toBeGreaterThan(3 + 1);
	});

	it('creates tasks of one name, each in its turn, and outputs each as Get shows it', async () => {
		const same = Array.from({ length: 12 }, () => ({ json: { name: 'Weekly report' } }));
		const { created, got, count } = await createThenGet(same, {});
		expect(created).toHaveLength(12);
		expect(created).toEqual(got);
		expect(new Set(created.map((json) => JSON.parse(json).dvs_document_id)).size).toBe(12);
		expect(count('create_document')).toBe(12);
	});

	it('Contact Person → Create the same way: its html field (note) is what a listing leaves out', async () => {
		const a = env.seed.orgA;
		const run = await createThenGet(names(12, 'Contact'), { company: a.clients.globex }, {}, 'contactPerson');
		expect(run.created).toEqual(run.got);
		expect(JSON.parse(run.created[0])).toMatchObject({ note: null });
		expect(run.count('get_document')).toBe(12 + 1);
	});
});
