import { assignableUsers } from '../access';
import { ok, type DvsActionHandler } from '../context';
import { badRequest } from '../errors';
import { userDisplayName } from '../format';
import { requiredId } from '../params';

export const getUsers: DvsActionHandler = (ctx) => {
	let projectId: number | undefined;
	if (ctx.section === 'task') {
		projectId = requiredId(ctx.params, 'dvs_project_id');
		if (!ctx.deps.store.document(ctx.org.id, 'project_2', projectId)) throw badRequest(`unknown project ${projectId}`);
	}
	const users = assignableUsers(ctx.deps.accounts, ctx.deps.store, ctx.org.id, ctx.section, projectId);
	return ok({ users: users.map((a) => ({ id: a.id, display_name: userDisplayName(a) })) });
};
