import type { Plan } from '../accounts';

/** Storage quota per plan, in megabytes (the document gives no values; these are the simulator's). */
export const QUOTA_MB: Record<Plan, number> = {
	FREE: 5 * 1024,
	PRO: 500 * 1024,
	BUSINESS: 1024 * 1024,
	ENTERPRISE: 10 * 1024 * 1024,
};

/** Plans allowed to restore deleted items (document 1, States and transitions). */
export function canUndelete(plan: Plan): boolean {
	return plan === 'PRO' || plan === 'BUSINESS' || plan === 'ENTERPRISE';
}
