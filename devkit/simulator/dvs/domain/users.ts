import { assignableUsers, canReadTasks, orgMembers } from '../access';
import { badRequest } from '../errors';
import { userDisplayName, type Ref } from '../format';
import { optionalId, rangedInt, requiredId, type Params } from '../params';
import type { DvsSection } from '../types';
import { findDocument } from './documents';
import type { DvsActor } from './types';

/** get_users: for tasks `dvs_project_id` is required and must be a project of the organization (400). */
export function assignableUserRefs(actor: DvsActor, section: DvsSection, params: Params): Ref[] {
	let projectId: number | undefined;
	if (section === 'task') {
		projectId = requiredId(params, 'dvs_project_id');
		if (!actor.deps.store.document(actor.org.id, 'project_2', projectId))
			throw badRequest(`unknown project ${projectId}`);
	}
	const users = assignableUsers(actor.deps.accounts, actor.deps.store, actor.org.id, section, projectId);
	return users.map((a) => ({ id: a.id, display_name: userDisplayName(a) }));
}

const compare = (a: string, b: string): number => {
	const x = a.toLowerCase();
	const y = b.toLowerCase();
	return x < y ? -1 : x > y ? 1 : 0;
};

export interface FoundUser extends Ref {
	has_access: boolean;
}

/** search_users: `pattern` (2 to 100 characters after trimming), `limit` (1 to 20, default 10), optional task id (405 when unknown). */
export function searchUsers(actor: DvsActor, params: Params): { users: FoundUser[]; limit: number } {
	const raw = params.pattern;
	if (typeof raw !== 'string') throw badRequest('pattern is required');
	const pattern = raw.trim();
	const length = [...pattern].length;
	if (length < 2 || length > 100) throw badRequest('pattern must have 2 to 100 characters');
	const limit = rangedInt(params, 'limit', 1, 20, 10);
	const taskId = optionalId(params, 'dvs_document_id');
	const task = taskId === undefined ? undefined : findDocument(actor, 'task', taskId);

	const words = pattern.toLowerCase().split(/\s+/);
	const matches = orgMembers(actor.deps.accounts, actor.org.id)
		.filter((a) => a.active)
		.filter((a) => {
			const haystacks = [a.login, a.firstName, a.surname].map((s) => s.toLowerCase());
			return words.every((word) => haystacks.some((h) => h.includes(word)));
		})
		.sort((a, b) => compare(a.firstName, b.firstName) || compare(a.surname, b.surname) || a.id - b.id);

	return {
		users: matches.slice(0, limit).map((a) => ({
			id: a.id,
			display_name: userDisplayName(a),
			has_access: canReadTasks(actor.deps.store, a, task),
		})),
		limit,
	};
}
