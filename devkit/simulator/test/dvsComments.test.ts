import type { SeedUser } from '../dvs/seed';
import { insertComment } from '../dvs/direct';
import { credsOf, eachTestDvsEnv } from '../dvs/testing';

const env = eachTestDvsEnv();

const A = () => env().seed.orgA;
const B = () => env().seed.orgB;
const getComments = (params: Record<string, unknown>, org: 'orgA' | 'orgB' = 'orgA') =>
	env().client.call('task', 'get_comments', credsOf(env().seed[org].users.admin), params);
const addComment = (id: unknown, comment: unknown, user: SeedUser = env().seed.orgA.users.admin) =>
	env().client.call('task', 'add_comment', credsOf(user), { dvs_document_id: id, comment });

describe('get_comments', () => {
	it('lists comments ascending by id without deleted ones', async () => {
		const reply = await getComments({ dvs_document_id: A().tasks.design });
		expect(reply.status).toBe(200);
		const c = A().comments;
		expect(reply.json.items.map((i: { id: number }) => i.id)).toEqual([
			c.byInactive,
			c.byAdmin,
			c.byForeignOrg,
			c.byUnknown,
			c.webRich,
		]);
		expect(reply.json).toMatchObject({ total: 5, limit: 50, offset: 0 });
	});

	it('shows authors: active, inactive, foreign and unknown', async () => {
		const reply = await getComments({ dvs_document_id: A().tasks.design });
		const byId = Object.fromEntries(reply.json.items.map((i: { id: number }) => [i.id, i]));
		const c = A().comments;
		expect(byId[c.byAdmin].author).toEqual({
			id: A().users.admin.id,
			display_name: 'Anna Admin',
			org_id: A().orgId,
			is_active: true,
		});
		expect(byId[c.byInactive].author).toEqual({
			id: A().users.inactive.id,
			display_name: 'Ivan Inactive',
			org_id: A().orgId,
			is_active: false,
		});
		expect(byId[c.byForeignOrg].author).toBeNull();
		expect(byId[c.byUnknown].author).toBeNull();
		expect(byId[c.byInactive].date_created).toBe('2024-03-01 08:20:00');
	});

	it('returns html sanitized and decoded', async () => {
		const reply = await getComments({ dvs_document_id: A().tasks.design });
		const byId = Object.fromEntries(reply.json.items.map((i: { id: number; html: string }) => [i.id, i.html]));
		expect(byId[A().comments.byAdmin]).toBe('Please review & comment <soon>');
		expect(byId[A().comments.webRich]).toBe('<p>Looks <b>good</b> & ready</p>');
	});

	it('pages with limit and offset; total counts visible comments', async () => {
		const page = await getComments({ dvs_document_id: A().tasks.design, limit: 2, offset: 2 });
		expect(page.json.items.map((i: { id: number }) => i.id)).toEqual([
			A().comments.byForeignOrg,
			A().comments.byUnknown,
		]);
		expect(page.json).toMatchObject({ total: 5, limit: 2, offset: 2 });
		expect((await getComments({ dvs_document_id: A().tasks.design, offset: 5 })).json.items).toEqual([]);
		expect((await getComments({ dvs_document_id: A().tasks.design, limit: 200 })).status).toBe(200);
	});

	it('refuses invalid limit and offset with 400', async () => {
		for (const params of [
			{ limit: 0 },
			{ limit: 201 },
			{ limit: 'x' },
			{ limit: 1.5 },
			{ offset: -1 },
			{ offset: '0' },
		]) {
			const reply = await getComments({ dvs_document_id: A().tasks.design, ...params });
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect((await getComments({})).status).toBe(400);
	});

	it('answers 405 for unknown and foreign tasks', async () => {
		expect((await getComments({ dvs_document_id: 987654 })).status).toBe(405);
		expect((await getComments({ dvs_document_id: B().tasks.inspect })).status).toBe(405);
		const b = await getComments({ dvs_document_id: B().tasks.inspect }, 'orgB');
		expect(b.json.items.map((i: { html: string }) => i.html)).toEqual(['Starting Monday']);
	});

	it('sends no notification', async () => {
		const before = env().store.notifications.length;
		await getComments({ dvs_document_id: A().tasks.design });
		expect(env().store.notifications).toHaveLength(before);
	});

	it('keeps comments with the same creation second in id order', async () => {
		const at = Date.UTC(2025, 0, 1);
		const ids = [0, 1, 2].map(
			(n) =>
				insertComment(env().store, {
					taskId: A().tasks.tooling,
					authorId: A().users.worker.id,
					text: `c${n}`,
					createdAt: at + 999 - n,
				}).id,
		);
		const reply = await getComments({ dvs_document_id: A().tasks.tooling });
		expect(reply.json.items.map((i: { id: number }) => i.id)).toEqual(ids);
	});
});

describe('add_comment', () => {
	it('stores the trimmed text HTML-escaped and reads it back unchanged', async () => {
		const text = 'Use <b>bold</b> & "quotes" it\'s <script>alert(1)</script>\nline 2';
		const reply = await addComment(A().tasks.tooling, `  ${text}  `);
		expect(reply.status).toBe(200);
		expect(reply.json).toEqual({ dvs_document_id: A().tasks.tooling });
		const stored = env().store.comments(A().tasks.tooling).at(-1)!;
		expect(stored.storedHtml).toBe(
			'Use &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quotes&quot; it&#039;s &lt;script&gt;alert(1)&lt;/script&gt;\nline 2',
		);
		expect(stored.authorId).toBe(A().users.admin.id);
		const read = await getComments({ dvs_document_id: A().tasks.tooling });
		expect(read.json.items.at(-1)).toMatchObject({ html: text, author: { id: A().users.admin.id } });
	});

	it('refuses empty, blank, missing and non-string comments with 400', async () => {
		for (const comment of ['', '   \n\t ', undefined, 42, ['x']]) {
			const reply = await addComment(A().tasks.tooling, comment);
			expect(reply.status).toBe(400);
			expect(reply.text).toBe('');
		}
		expect(env().store.comments(A().tasks.tooling)).toEqual([]);
	});

	// Document 3, add_comment: "comment (string, required, non-empty after trimming)": no maximum.
	// The 20000 characters of document 2 are the MCP tool's ("comment (up to 20000 characters)").
	it('accepts a comment longer than the MCP tool allows', async () => {
		expect((await addComment(A().tasks.tooling, 'é'.repeat(20000))).status).toBe(200);
		expect((await addComment(A().tasks.tooling, 'x'.repeat(25000))).status).toBe(200);
		expect(env().store.comments(A().tasks.tooling)).toHaveLength(2);
	});

	it('answers 405 for unknown and foreign tasks and 400 for bad ids', async () => {
		expect((await addComment(987654, 'x')).status).toBe(405);
		expect((await addComment(B().tasks.inspect, 'x')).status).toBe(405);
		expect((await addComment(String(A().tasks.design), 'x')).status).toBe(400);
		expect(env().store.comments(B().tasks.inspect)).toHaveLength(1);
	});

	it('notifies creator, responsible and followers but not the author, and records history', async () => {
		const reply = await addComment(A().tasks.design, 'Ping', A().users.worker);
		expect(reply.status).toBe(200);
		const comment = env().store.comments(A().tasks.design).at(-1)!;
		const last = env().store.notifications.at(-1)!;
		expect(last).toMatchObject({
			kind: 'comment',
			documentId: A().tasks.design,
			actorId: A().users.worker.id,
			commentId: comment.id,
			contactIds: [],
		});
		expect(last.userIds).toEqual([A().users.admin.id]);
		expect(env().store.documentById(A().tasks.design)!.history.at(-1)).toMatchObject({
			kind: 'comment',
			commentId: comment.id,
		});
	});

	it('mentions organization users with @[USER:id], only those', async () => {
		const u = A().users;
		const text = `Hi @[USER:${u.noPerm.id}] and @[USER:${u.reader.id}] @[USER:${u.reader.id}], not @[USER:${B().users.admin.id}], @[USER:${u.inactive.id}], @[USER:424242], @Walter, ${u.worker.email}, @[${u.taskOnly.id}], @[user:${u.taskOnly.id}]`;
		await addComment(A().tasks.tooling, text);
		expect(env().store.mentionedUsers(A().tasks.tooling)).toEqual([u.noPerm.id, u.reader.id]);
		const mention = env().store.notifications.find((n) => n.kind === 'mention')!;
		expect(mention).toMatchObject({
			documentId: A().tasks.tooling,
			actorId: u.admin.id,
			commentId: env().store.comments(A().tasks.tooling)[0].id,
		});
		const read = await getComments({ dvs_document_id: A().tasks.tooling });
		expect(read.json.items[0].html).toBe(text);
	});

	it('sends no mention notification for plain text', async () => {
		await addComment(A().tasks.tooling, `@anna.admin ${A().users.admin.email} @[${A().users.admin.id}]`);
		expect(env().store.notifications.filter((n) => n.kind === 'mention')).toEqual([]);
	});
});
