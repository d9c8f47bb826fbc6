import { canReadTasks, orgMembers } from '../access';
import { ok, type DvsActionHandler } from '../context';
import { badRequest } from '../errors';
import { userDisplayName } from '../format';
import { requireDocument } from '../lookup';
import { optionalId, rangedInt } from '../params';

const compare = (a: string, b: string): number => {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	return x < y ? -1 : x > y ? 1 : 0;
};

export const searchUsers: DvsActionHandler = (ctx) => {
	const raw = ctx.params.pattern;
	if (typeof raw !== 'string') throw badRequest('pattern is required');
	const pattern = raw.trim();
	const length = [...pattern].length;
	if (length < 2 || length > 100) throw badRequest('pattern must have 2 to 100 characters');
	const limit = rangedInt(ctx.params, 'limit', 1, 20, 10);
	const taskId = optionalId(ctx.params, 'dvs_document_id');
	const task = taskId === undefined ? undefined : requireDocument(ctx, taskId, 'task');

	const words = pattern.toLowerCase().split(/\s+/);
	const matches = orgMembers(ctx.deps.accounts, ctx.org.id)
		.filter((a) => a.active)
		.filter((a) => {
			const haystacks = [a.login, a.firstName, a.surname].map((s) => s.toLowerCase());
			return words.every((word) => haystacks.some((h) => h.includes(word)));
		})
		.sort((a, b) => compare(a.firstName, b.firstName) || compare(a.surname, b.surname) || a.id - b.id);

	return ok({
		users: matches.slice(0, limit).map((a) => ({
			id: a.id,
			display_name: userDisplayName(a),
			has_access: canReadTasks(ctx.deps.store, a, task),
		})),
		limit,
	});
};
