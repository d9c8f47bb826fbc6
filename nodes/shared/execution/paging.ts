import type { IExecuteFunctions } from 'n8n-workflow';

import { readBoolean, readInteger } from './parameters';

/**
 * The Return All / Limit pair of parameters of a list operation, read for one item: Limit is a
 * whole number of at least 1, and at most `maxLimit` where the API caps one request.
 */
export function readReturnAll(
	ctx: IExecuteFunctions,
	itemIndex: number,
	maxLimit?: number,
): { returnAll: boolean; limit: number } {
	const returnAll = readBoolean(ctx, 'returnAll', itemIndex, 'Return All');
	const limit = returnAll
		? Number.POSITIVE_INFINITY
		: readInteger(ctx, 'limit', itemIndex, 'Limit', { min: 1, max: maxLimit, fallback: 50 });
	return { returnAll, limit };
}

/** Applies Return All / Limit to a list the service returns whole. */
export function applyLimit<T>(entries: T[], limit: number): T[] {
	return Number.isFinite(limit) ? entries.slice(0, limit) : entries;
}

/** One page of an offset-paged list: its items and the total the service reports. */
export interface OffsetPage<T> {
	items: T[];
	total: number;
}

/** Items per request when every item is wanted (the DVS maximum). */
export const OFFSET_PAGE_SIZE = 200;

/**
 * Reads an offset-paged list page by page: the offset grows by the item count of each page
 * until it reaches the total the service reports (or a page comes back empty). `max` stops
 * early; each request asks only for what is still wanted, at most `pageSize`.
 */
export async function* offsetPages<T>(
	fetchPage: (offset: number, limit: number) => Promise<OffsetPage<T>>,
	options: { max?: number; pageSize?: number; startOffset?: number } = {},
): AsyncGenerator<OffsetPage<T> & { offset: number }> {
	const max = options.max ?? Number.POSITIVE_INFINITY;
	const pageSize = options.pageSize ?? OFFSET_PAGE_SIZE;
	let offset = options.startOffset ?? 0;
	let delivered = 0;
	while (delivered < max) {
		const page = await fetchPage(offset, Math.min(pageSize, max - delivered));
		const items = page.items.slice(0, max - delivered);
		yield { items, total: page.total, offset };
		delivered += items.length;
		offset += page.items.length;
		if (page.items.length === 0 || offset >= page.total) return;
	}
}

/** Every item of an offset-paged list, or the first `max` of them. */
export async function collectOffsetPages<T>(
	fetchPage: (offset: number, limit: number) => Promise<OffsetPage<T>>,
	options: { max?: number; pageSize?: number } = {},
): Promise<T[]> {
	const items: T[] = [];
	for await (const page of offsetPages(fetchPage, options)) items.push(...page.items);
	return items;
}
