import type { IDataObject } from 'n8n-workflow';

import type { DvsAdapter, DvsRegister } from '../../adapters/dvs/port';

/*
 * A create whose answer was lost, read back: the documents of its register (of its project, for tasks) created since
 * the run's look, newest first (the DVS register's one read of what it holds now); which of them is this item's
 * write is the executor's verdict (exactlyOnce/evidence.ts `createdDocument`). How a document's fields read: its
 * creation time, a reference's ID, a name as the API compares it.
 */

/** A read-back's page: the DVS API's get_documents maximum. */
export const READ_BACK_PAGE = 200;

/** How many pages a read-back reads at most: a lost answer's look stays bounded however busy the register. */
export const READ_BACK_PAGES = 5;

/** Where a create went and what it made, as its read-back needs them. */
export interface CreatedDocumentTarget {
	register: DvsRegister;
	filters?: Record<string, number[]>;
	/** The run's look: the IDs of the newest documents before its first create there (undefined: no look). */
	look: number[] | undefined;
	name: string;
	/** get_fields' `actor` {id}: the account the credential acts as (undefined: not shown). */
	actor: number | undefined;
	/** Objects this execution's other items and runs wrote (their IDs as text). */
	others: Set<string>;
}

type ListReader = Pick<DvsAdapter, 'listDocuments'>;

/** The documents created since the look (newest first), and whether they reach it (or the register's end). */
export async function documentsSinceLook(
	reader: ListReader,
	target: Pick<CreatedDocumentTarget, 'register' | 'filters' | 'look'>,
	itemIndex: number,
): Promise<{ documents: IDataObject[]; covered: boolean }> {
	const look = new Set(target.look ?? []);
	const seen = new Set<number>();
	const documents: IDataObject[] = [];
	let offset = 0;
	for (let page = 0; page < READ_BACK_PAGES; page++) {
		const query = { limit: READ_BACK_PAGE, offset, order: 'newest' as const, filters: target.filters };
		const listed = await reader.listDocuments(target.register, query, itemIndex);
		for (const document of listed.items) {
			const id = refId(document.dvs_document_id);
			if (id !== undefined && look.has(id)) return { documents, covered: true };
			// A document created while the pages are read moves the others down: one seen twice counts once.
			if (id !== undefined && seen.has(id)) continue;
			if (id !== undefined) seen.add(id);
			documents.push(document);
		}
		offset += listed.items.length;
		if (listed.items.length === 0 || offset >= listed.total) return { documents, covered: true };
	}
	return { documents, covered: false };
}

/** `date_created` as the service shows it (`YYYY-MM-DD HH:MM:SS`, whole seconds), read as UTC. */
export function createdAtMs(document: IDataObject): number | undefined {
	const text = document.date_created;
	const parts = typeof text === 'string' ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text) : null;
	if (!parts) return undefined;
	const [year, month, day, hour, minute, second] = parts.slice(1).map(Number);
	return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** A text value as the DVS API compares it (a document's name): trimmed; '' for anything else. */
export function trimmed(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

export function refId(value: unknown): number | undefined {
	if (typeof value === 'number') return value;
	if (value && typeof value === 'object' && typeof (value as IDataObject).id === 'number') {
		return (value as IDataObject).id as number;
	}
	return undefined;
}
