import { ok, type DvsActionHandler, type DvsContext } from '../context';
import { badRequest } from '../errors';
import { formatDocument } from '../format';
import { isInteger, isPlainObject, rangedInt } from '../params';
import type { DvsDocument, DvsFieldDef } from '../types';

export const MAX_LIST_LIMIT = 200;

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

function predicateFor(ctx: DvsContext, field: DvsFieldDef, values: Array<number | string>): Predicate {
	return (doc) => {
		const value = doc.values[field.name];
		if (Array.isArray(value)) return value.some((v) => values.includes(v));
		if (value === null || value === undefined || !values.includes(value)) return false;
		// The task filter matches active responsible workers only (document 3).
		if (doc.section === 'task' && field.name === 'responsible') {
			return ctx.deps.accounts.get(value as number)?.active === true;
		}
		return true;
	};
}

/** Only fields marked filter:true count; unknown and non-filter keys are ignored (README). */
function buildPredicates(ctx: DvsContext): Predicate[] {
	const raw = ctx.params.filters;
	if (raw === undefined || raw === null) return [];
	if (!isPlainObject(raw)) throw badRequest('filters must be an object');
	const predicates: Predicate[] = [];
	for (const [name, value] of Object.entries(raw)) {
		const field = ctx.org.fields[ctx.section].find((f) => f.name === name && f.filter);
		if (!field) continue;
		const values = filterValues(field, value);
		if (values) predicates.push(predicateFor(ctx, field, values));
	}
	return predicates;
}

function readLimit(ctx: DvsContext): number {
	const raw = ctx.params.limit;
	// Over the maximum is clamped (the response names the effective limit); below 1 is refused.
	if (isInteger(raw) && raw > MAX_LIST_LIMIT) return MAX_LIST_LIMIT;
	return rangedInt(ctx.params, 'limit', 1, MAX_LIST_LIMIT, 50);
}

export const getDocuments: DvsActionHandler = (ctx) => {
	const limit = readLimit(ctx);
	const offset = rangedInt(ctx.params, 'offset', 0, Number.MAX_SAFE_INTEGER, 0);
	const order = ctx.params.order ?? 'newest';
	if (order !== 'newest' && order !== 'oldest') throw badRequest('order must be newest or oldest');
	const predicates = buildPredicates(ctx);

	const second = (doc: DvsDocument) => Math.floor(doc.createdAt / 1000);
	const matching = ctx.deps.store
		.documents(ctx.org.id, ctx.section)
		.filter((doc) => predicates.every((p) => p(doc)))
		.sort((a, b) => second(a) - second(b) || a.id - b.id);
	if (order === 'newest') matching.reverse();

	return ok({
		items: matching.slice(offset, offset + limit).map((doc) => formatDocument(ctx.deps, ctx.org, doc, { full: false })),
		total: matching.length,
		limit,
		offset,
		order,
	});
};
