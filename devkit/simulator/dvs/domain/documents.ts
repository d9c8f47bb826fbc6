import { badRequest, notPermitted } from '../errors';
import { formatDocument } from '../format';
import { isInteger, isPlainObject, rangedInt, type Params } from '../params';
import type { DvsDocument, DvsFieldDef, DvsSection } from '../types';
import { chain, type DvsActor, type MaybePromise } from './types';

export const MAX_LIST_LIMIT = 200;

/** The addressed document of the actor's organization and register; unknown, foreign or other-register ids answer 405. */
export function findDocument(actor: DvsActor, section: DvsSection, id: number): DvsDocument {
	const doc = actor.deps.store.document(actor.org.id, section, id);
	if (!doc) throw notPermitted(`no ${section} ${id} in organization ${actor.org.id}`);
	return doc;
}

/** The task's attachment folder, or null when it holds no files or the caller may not open it. */
function visibleUploadHash(actor: DvsActor, task: DvsDocument): MaybePromise<string | null> {
	const uploadHash = task.uploadHash;
	if (!uploadHash) return null;
	const { attachments } = actor.deps;
	return chain(attachments.listNames(uploadHash), (names) =>
		names.length === 0
			? null
			: chain(attachments.canView(actor.account.id, uploadHash), (may) => (may ? uploadHash : null)),
	);
}

/** get_document: every field, html included; tasks add upload_hash. */
export function documentView(actor: DvsActor, doc: DvsDocument): MaybePromise<Record<string, unknown>> {
	const uploadHash = doc.section === 'task' ? visibleUploadHash(actor, doc) : null;
	return chain(uploadHash, (hash) => formatDocument(actor.deps, actor.org, doc, { full: true, uploadHash: hash }));
}

type Predicate = (doc: DvsDocument) => boolean;

function filterValues(field: DvsFieldDef, raw: unknown): Array<number | string> | undefined {
	if (raw === null || raw === undefined) return undefined;
	const values = Array.isArray(raw) ? raw : [raw];
	if (values.length === 0) return undefined;
	const textual = field.type === 'text' || field.type === 'date';
	for (const value of values) {
		if (textual ? typeof value !== 'string' : !isInteger(value)) {
			throw badRequest(`filter ${field.name}: invalid value ${JSON.stringify(value)}`);
		}
	}
	return values as Array<number | string>;
}

function predicateFor(actor: DvsActor, field: DvsFieldDef, values: Array<number | string>): Predicate {
	return (doc) => {
		const value = doc.values[field.name];
		if (Array.isArray(value)) return value.some((v) => values.includes(v));
		if (value === null || value === undefined || !values.includes(value)) return false;
		// The task filter matches active responsible workers only (document 3).
		if (doc.section === 'task' && field.name === 'responsible') {
			return actor.deps.accounts.get(value as number)?.active === true;
		}
		return true;
	};
}

/** Only fields marked filter:true count; unknown and non-filter keys are ignored (README; the MCP tool rejects them first). */
function buildPredicates(actor: DvsActor, section: DvsSection, raw: unknown): Predicate[] {
	if (raw === undefined || raw === null) return [];
	if (!isPlainObject(raw)) throw badRequest('filters must be an object');
	const predicates: Predicate[] = [];
	for (const [name, value] of Object.entries(raw)) {
		const field = actor.org.fields[section].find((f) => f.name === name && f.filter);
		if (!field) continue;
		const values = filterValues(field, value);
		if (values) predicates.push(predicateFor(actor, field, values));
	}
	return predicates;
}

function readLimit(params: Params): number {
	const raw = params.limit;
	// Over the maximum is clamped (the response names the effective limit); below 1 is refused.
	if (isInteger(raw) && raw > MAX_LIST_LIMIT) return MAX_LIST_LIMIT;
	return rangedInt(params, 'limit', 1, MAX_LIST_LIMIT, 50);
}

export interface DocumentPage {
	items: Record<string, unknown>[];
	total: number;
	limit: number;
	offset: number;
	order: 'newest' | 'oldest';
}

/** get_documents: `limit`, `offset`, `filters`, `order` as document 3 (and the README) define them. */
export function listDocuments(actor: DvsActor, section: DvsSection, params: Params): DocumentPage {
	const limit = readLimit(params);
	const offset = rangedInt(params, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
	const order = params.order ?? 'newest';
	if (order !== 'newest' && order !== 'oldest') throw badRequest('order must be newest or oldest');
	const predicates = buildPredicates(actor, section, params.filters);

	const second = (doc: DvsDocument) => Math.floor(doc.createdAt / 1000);
	const byCreation = (a: DvsDocument, b: DvsDocument) => second(a) - second(b) || a.id - b.id;
	const matching = actor.deps.store.documents(actor.org.id, section).filter((doc) => predicates.every((p) => p(doc)));
	// The store keeps documents as they were made, mostly in this order already: sorted only when not.
	if (matching.some((doc, index) => index > 0 && byCreation(matching[index - 1], doc) > 0)) matching.sort(byCreation);
	if (order === 'newest') matching.reverse();

	return {
		items: matching
			.slice(offset, offset + limit)
			.map((doc) => formatDocument(actor.deps, actor.org, doc, { full: false })),
		total: matching.length,
		limit,
		offset,
		order,
	};
}
