import type { Account, AccountStore } from '../accounts';
import type { DvsStore } from './store';
import type { DvsDocument, DvsPermission, DvsSection } from './types';

export function permissionOf(store: DvsStore, account: Account, section: DvsSection): DvsPermission | undefined {
	if (account.dvsWriteSections?.includes(section)) return 'write';
	return store.readLevel(account.id, section);
}

/** Write on the register; task work also needs write on project_2 (document 3). */
export function mayUseSection(account: Account, section: DvsSection): boolean {
	const writable = account.dvsWriteSections ?? [];
	const needed: DvsSection[] = section === 'task' ? ['task', 'project_2'] : [section];
	return needed.every((s) => writable.includes(s));
}

export function orgMembers(accounts: AccountStore, orgId: number): Account[] {
	return accounts.all().filter((a) => a.orgId === orgId);
}

/**
 * get_users: active organization users with read or write on the register; for tasks
 * also own-records users who are workers of the project.
 */
export function assignableUsers(
	accounts: AccountStore,
	store: DvsStore,
	orgId: number,
	section: DvsSection,
	projectId?: number,
): Account[] {
	const workers = projectId === undefined ? [] : store.projectWorkers(projectId);
	return orgMembers(accounts, orgId)
		.filter((account) => {
			if (!account.active) return false;
			const permission = permissionOf(store, account, section);
			if (permission === 'write' || permission === 'read') return true;
			return section === 'task' && permission === 'own' && workers.includes(account.id);
		})
		.sort((a, b) => a.id - b.id);
}

export function involvedIn(task: DvsDocument, accountId: number): boolean {
	const followers = task.values.followers;
	return (
		task.creatorId === accountId ||
		task.values.responsible === accountId ||
		(Array.isArray(followers) && followers.includes(accountId))
	);
}

/** search_users has_access: may read tasks at all, or the given task. */
export function canReadTasks(store: DvsStore, account: Account, task?: DvsDocument): boolean {
	if (!account.active) return false;
	const permission = permissionOf(store, account, 'task');
	if (permission === 'write' || permission === 'read') return true;
	if (permission !== 'own') return false;
	return task ? involvedIn(task, account.id) : true;
}
