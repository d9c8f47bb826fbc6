import type { Account } from '../../accounts';
import { mayUseSection } from '../access';
import { DvsError } from '../errors';
import type { DvsStore } from '../store';
import type { DvsOrganization, DvsSection } from '../types';

/** The organization the account works in: inactive accounts and accounts without a DVS organization get 401. */
export function sessionOrganization(store: DvsStore, account: Account): DvsOrganization {
	if (!account.active) throw new DvsError(401, 'authorization failed');
	const org = store.org(account.orgId);
	if (!org) throw new DvsError(401, 'no session organization');
	return org;
}

/** The register is enabled for the organization and the user may write it (task work: task and project_2); else 405. */
export function checkRegister(org: DvsOrganization, account: Account, section: DvsSection): void {
	if (!org.enabledSections.includes(section)) throw new DvsError(405, `${section} is not enabled`);
	if (!mayUseSection(account, section)) throw new DvsError(405, `no write permission for ${section}`);
}
