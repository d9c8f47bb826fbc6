import type { INodeParameters } from 'n8n-workflow';

import { addComment, byId, dvsCalls, jsonOf, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => await env.close());

const commentsOf = (taskId: number) => env.store.comments(taskId);

describe('Comment → Add', () => {
	it('adds the text with mentions before it; the service escapes it and e-mails the mentioned user', async () => {
		const a = env.seed.orgA;
		const [out] = jsonOf(
			await addComment(env, a.users.admin, a.tasks.header, {
				comment: '  Ready <b>now</b> & done  ',
				options: { mentionUserIds: [a.users.worker.id, a.users.worker.id] },
			}),
		);
		expect(out).toEqual({ dvs_document_id: a.tasks.header });
		const stored = commentsOf(a.tasks.header).at(-1)!;
		expect(stored.authorId).toBe(a.users.admin.id);
		expect(stored.storedHtml).toBe(`@[USER:${a.users.worker.id}] Ready &lt;b&gt;now&lt;/b&gt; &amp; done`);
		expect(env.store.mentionedUsers(a.tasks.header)).toEqual([a.users.worker.id]);
	});

	it('puts mentions after the text when asked', async () => {
		const a = env.seed.orgA;
		jsonOf(
			await addComment(env, a.users.admin, a.tasks.header, {
				comment: 'FYI',
				options: { mentionUserIds: `${a.users.own.id}`, mentionPosition: 'end' },
			}),
		);
		expect(commentsOf(a.tasks.header).at(-1)!.storedHtml).toBe(`FYI @[USER:${a.users.own.id}]`);
	});

	it.each([
		['   ', {}, 'The parameter "Comment" is empty'],
		['hi', { mentionUserIds: ['anna'] }, 'The option "Mention User Names or IDs" holds a value that is not a user ID'],
	])('refuses bad input before any request: %#', async (comment, options, message) => {
		const a = env.seed.orgA;
		const before = commentsOf(a.tasks.header).length;
		env.sim.resetRequests();
		const result = await addComment(env, a.users.admin, a.tasks.header, { comment, options });
		expect(result.error?.message).toBe(message);
		expect(dvsCalls(env)).toEqual([]);
		expect(commentsOf(a.tasks.header)).toHaveLength(before);
	});

	// Document 3 sets no maximum for add_comment (the 20000 characters are the MCP tool's).
	it('sends a comment longer than 20000 characters over the DVS API', async () => {
		const a = env.seed.orgA;
		const [out] = jsonOf(await addComment(env, a.users.admin, a.tasks.header, { comment: 'x'.repeat(25000) }));
		expect(out.dvs_document_id).toBe(a.tasks.header);
		expect(commentsOf(a.tasks.header).at(-1)!.storedHtml).toHaveLength(25000);
	});

	it('maps 405 for an unknown task', async () => {
		const a = env.seed.orgA;
		const result = await addComment(env, a.users.admin, 999999, { comment: 'hello' });
		expect(result.error?.httpCode).toBe('405');
	});
});

describe('Comment → Get Many', () => {
	/** Comment → Get Many of the task as org A's admin; `parameters` set Return All, Limit or Simplify. */
	const getComments = (taskId: number, parameters: INodeParameters) =>
		runDvs(env, env.seed.orgA.users.admin, {
			resource: 'comment',
			operation: 'getMany',
			task: byId(taskId),
			...parameters,
		});

	it('reads all comments oldest first, without deleted ones; foreign and unknown authors are null', async () => {
		const a = env.seed.orgA;
		const comments = jsonOf(await getComments(a.tasks.design, { returnAll: true }));
		expect(comments.map((comment) => comment.id)).toEqual([
			a.comments.byInactive,
			a.comments.byAdmin,
			a.comments.byForeignOrg,
			a.comments.byUnknown,
			a.comments.webRich,
		]);
		expect(comments[0].author).toEqual({
			id: a.users.inactive.id,
			display_name: 'Ivan Inactive',
			org_id: a.orgId,
			is_active: false,
		});
		expect(comments[1].html).toBe('Please review & comment <soon>');
		expect(comments[2].author).toBeNull();
	});

	it('Limit reads one page; Simplify names the author', async () => {
		const a = env.seed.orgA;
		env.sim.resetRequests();
		const comments = jsonOf(await getComments(a.tasks.design, { limit: 2, simplify: true }));
		expect(comments).toHaveLength(2);
		expect(comments[1]).toMatchObject({ author: 'Anna Admin', author_id: a.users.admin.id });
		expect(comments[1].author).not.toHaveProperty('org_id');
		expect(dvsCalls(env)).toEqual(['task/get_comments']);
	});

	it('Return All pages by 200 until the offset reaches the total', async () => {
		const a = env.seed.orgA;
		for (let n = 0; n < 401; n++) {
			env.store.insertComment({ taskId: a.tasks.tooling, authorId: a.users.worker.id, storedHtml: `note ${n}` });
		}
		env.sim.resetRequests();
		const comments = jsonOf(await getComments(a.tasks.tooling, { returnAll: true }));
		expect(comments).toHaveLength(401);
		expect(comments.at(-1)!.html).toBe('note 400');
		expect(dvsCalls(env)).toEqual(['task/get_comments', 'task/get_comments', 'task/get_comments']);
	});

	it.each([0, 201])('refuses Limit %p', async (limit) => {
		const a = env.seed.orgA;
		const result = await getComments(a.tasks.design, { limit });
		expect(result.error?.message).toBe('The parameter "Limit" must be a whole number from 1 to 200');
	});
});
