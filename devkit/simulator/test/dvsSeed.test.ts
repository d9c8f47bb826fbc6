import { AccountStore } from '../accounts';
import { insertComment, insertTask } from '../dvs/direct';
import { seedDvsDemo } from '../dvs/seed';
import { DvsStore } from '../dvs/store';
import { FakeAttachmentPort, numberedName } from '../dvs/testing';

const seeded = async () => {
	const accounts = new AccountStore();
	const store = new DvsStore(() => Date.UTC(2030, 0, 1));
	const attachments = new FakeAttachmentPort();
	const seed = await seedDvsDemo(accounts, store, attachments);
	return { accounts, store, attachments, seed };
};

describe('seedDvsDemo', () => {
	it('seeds two organizations that share no option, document or user id', async () => {
		const { seed, store } = await seeded();
		const optionIds = (org: typeof seed.orgA | typeof seed.orgB) =>
			Object.values(org.options).flatMap((o) => Object.values(o));
		const a = new Set(optionIds(seed.orgA));
		expect(optionIds(seed.orgB).filter((id) => a.has(id))).toEqual([]);
		const docIds = (orgId: number) =>
			(['task', 'project_2', 'contact_person', 'client'] as const).flatMap((s) =>
				store.documents(orgId, s).map((d) => d.id),
			);
		const docsA = new Set(docIds(seed.orgA.orgId));
		expect(docIds(seed.orgB.orgId).some((id) => docsA.has(id))).toBe(false);
		const usersA = new Set(Object.values(seed.orgA.users).map((u) => u.id));
		expect(Object.values(seed.orgB.users).some((u) => usersA.has(u.id))).toBe(false);
		expect(seed.orgA.orgId).not.toBe(seed.orgB.orgId);
	});

	it('describes credentials that match the account store', async () => {
		const { seed, accounts } = await seeded();
		for (const user of [...Object.values(seed.orgA.users), ...Object.values(seed.orgB.users), seed.noOrg]) {
			const account = accounts.findByUser(user.login)!;
			expect(account.id).toBe(user.id);
			expect(account.email).toBe(user.email);
			expect(accounts.checkPassword(user.login, user.password)).toBe(account);
			expect(account.accessTokens.map((t) => t.token)).toContain(user.token);
		}
		expect(accounts.get(seed.noOrg.id)!.orgId).toBeUndefined();
		expect(accounts.get(seed.orgA.users.inactive.id)!.active).toBe(false);
		expect(accounts.get(seed.orgA.users.taskOnly.id)!.dvsWriteSections).toEqual(['task']);
	});

	it('seeds comments including a deleted one, and an attachment', async () => {
		const { seed, store, attachments } = await seeded();
		const all = store.comments(seed.orgA.tasks.design, true);
		expect(all.find((c) => c.id === seed.orgA.comments.deleted)!.deleted).toBe(true);
		expect(store.comments(seed.orgA.tasks.design).map((c) => c.id)).not.toContain(seed.orgA.comments.deleted);
		expect(attachments.listNames(seed.orgA.attachedTask.uploadHash)).toEqual(['spec.pdf']);
		expect(store.documentById(seed.orgA.attachedTask.taskId)!.uploadHash).toBe(seed.orgA.attachedTask.uploadHash);
	});
});

describe('direct inserts', () => {
	it('insertTask fills defaults and keeps the given creation time', async () => {
		const { seed, store } = await seeded();
		const at = Date.UTC(2030, 5, 1, 12, 0, 0, 250);
		const tasks = Array.from({ length: 50 }, (_, i) =>
			insertTask(store, {
				orgId: seed.orgB.orgId,
				creatorId: seed.orgB.users.admin.id,
				createdAt: at,
				values: { dvs_project_id: seed.orgB.projects.bridge, name: `bulk ${i}` },
			}),
		);
		expect(new Set(tasks.map((t) => t.createdAt))).toEqual(new Set([at]));
		expect(tasks[0].values.dropdown_status).toBe(seed.orgB.options.taskStatus.New);
		expect(tasks[0].values.followers).toEqual([]);
		expect(tasks[1].id).toBeGreaterThan(tasks[0].id);
		expect(() => insertTask(store, { orgId: seed.orgB.orgId, creatorId: 1, values: { name: 'no project' } })).toThrow();
	});

	it('insertComment stores text escaped or html as is, with the store clock by default', async () => {
		const { seed, store } = await seeded();
		const text = insertComment(store, {
			taskId: seed.orgA.tasks.copy,
			authorId: seed.orgA.users.admin.id,
			text: 'a<b',
		});
		const html = insertComment(store, {
			taskId: seed.orgA.tasks.copy,
			authorId: seed.orgA.users.admin.id,
			html: '<i>x</i>',
			createdAt: 5,
		});
		expect(text).toMatchObject({ storedHtml: 'a&lt;b', createdAt: Date.UTC(2030, 0, 1), deleted: false });
		expect(html).toMatchObject({ storedHtml: '<i>x</i>', createdAt: 5 });
		expect(html.id).toBeGreaterThan(text.id);
		store.deleteComment(text.id);
		expect(store.comments(seed.orgA.tasks.copy).map((c) => c.id)).toEqual([html.id]);
	});
});

describe('fake attachment port', () => {
	it('numbers names like storage does', () => {
		expect(numberedName('a.pdf', new Set())).toBe('a.pdf');
		expect(numberedName('a.pdf', new Set(['a.pdf']))).toBe('a (1).pdf');
		expect(numberedName('a.pdf', new Set(['a.pdf', 'a (1).pdf']))).toBe('a (2).pdf');
		expect(numberedName('README', new Set(['README']))).toBe('README (1)');
		expect(numberedName('.env', new Set(['.env']))).toBe('.env (1)');
	});
});
