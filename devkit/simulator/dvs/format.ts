import type { Account, AccountStore } from '../accounts';
import type { DvsStore } from './store';
import type { DvsDocument, DvsFieldDef, DvsOrganization, DvsValue } from './types';

export interface Ref {
	id: number;
	display_name: string;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC. */
export function formatDateTime(epochMs: number): string {
	return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}

export function userDisplayName(account: Account): string {
	const name = `${account.firstName} ${account.surname}`.trim();
	return name || account.login;
}

export function userRef(accounts: AccountStore, id: number): Ref | null {
	const account = accounts.get(id);
	return account ? { id, display_name: userDisplayName(account) } : null;
}

export function documentDisplayName(doc: DvsDocument): string {
	const name = doc.values.name;
	return typeof name === 'string' && name ? name : doc.fullNumber;
}

interface FormatDeps {
	accounts: AccountStore;
	store: DvsStore;
}

function formatValue(deps: FormatDeps, org: DvsOrganization, field: DvsFieldDef, value: DvsValue | undefined): unknown {
	const ids = Array.isArray(value) ? value : [];
	const id = typeof value === 'number' ? value : undefined;
	const option = (optionId: number): Ref | null => field.options?.find((o) => o.id === optionId) ?? null;
	const relation = (docId: number): Ref | null => {
		const doc = field.section ? deps.store.document(org.id, field.section, docId) : undefined;
		return doc ? { id: doc.id, display_name: documentDisplayName(doc) } : null;
	};
	const present = <T>(refs: Array<T | null>): T[] => refs.filter((r): r is T => r !== null);
	switch (field.type) {
		case 'dropdown':
			return id === undefined ? null : option(id);
		case 'dropdown_ids':
			return present(ids.map(option));
		case 'relation':
			return id === undefined ? null : relation(id);
		case 'relation_ids':
			return present(ids.map(relation));
		case 'user_id':
			return id === undefined ? null : userRef(deps.accounts, id);
		case 'user_ids':
			return present(ids.map((userId) => userRef(deps.accounts, userId)));
		default:
			return typeof value === 'string' ? value : null;
	}
}

/**
 * A document as the API shows it. Lists leave out html fields and upload_hash;
 * get_document passes the task's upload_hash (already checked for attachments and access).
 */
export function formatDocument(
	deps: FormatDeps,
	org: DvsOrganization,
	doc: DvsDocument,
	detail: { full: false } | { full: true; uploadHash: string | null },
): Record<string, unknown> {
	const out: Record<string, unknown> = { dvs_document_id: doc.id, full_number: doc.fullNumber };
	for (const field of org.fields[doc.section]) {
		if (field.type === 'html' && !detail.full) continue;
		out[field.name] = formatValue(deps, org, field, doc.values[field.name]);
	}
	out.creator = userRef(deps.accounts, doc.creatorId);
	out.date_created = formatDateTime(doc.createdAt + deps.store.shownTimeShiftMs);
	out.date_updated = formatDateTime(doc.updatedAt + deps.store.shownTimeShiftMs);
	if (detail.full && doc.section === 'task') out.upload_hash = detail.uploadHash;
	return out;
}
