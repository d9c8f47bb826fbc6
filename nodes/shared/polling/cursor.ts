/**
 * A position in a stream of items ordered by (stamp, id), where the stamp has a coarse
 * resolution (seconds) and several items may share one. Everything stamped before `at` is
 * behind the cursor; of the items stamped exactly `at`, those whose ids are in `ids` are
 * behind it and any other is still ahead. So no item is emitted twice and none sharing the
 * newest second is skipped, and no single item is the only anchor: one that disappears
 * leaves the cursor valid.
 */
export type Stamp = number | string;

export interface Cursor {
	at: Stamp;
	/** Ids of the items stamped exactly `at` that are behind the cursor. */
	ids: string[];
}

export interface Stamped {
	at: Stamp;
	id: string;
}

const ID_ORDER = new Intl.Collator('en', { numeric: true });

export function compareStamps(a: Stamp, b: Stamp): number {
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	const left = String(a);
	const right = String(b);
	return left < right ? -1 : left > right ? 1 : 0;
}

/** Oldest first: by stamp, then by id (numerically when both ids are numbers). */
export function compareStamped(a: Stamped, b: Stamped): number {
	return compareStamps(a.at, b.at) || ID_ORDER.compare(a.id, b.id);
}

/** Whether the item is ahead of the cursor (every item is, when there is no cursor yet). */
export function isAhead(cursor: Cursor | undefined, item: Stamped): boolean {
	if (!cursor) return true;
	const order = compareStamps(item.at, cursor.at);
	return order > 0 || (order === 0 && !cursor.ids.includes(item.id));
}

/** The items ahead of the cursor, each once, oldest first. */
export function aheadOf<T extends Stamped>(cursor: Cursor | undefined, items: Iterable<T>): T[] {
	const unique = new Map<string, T>();
	for (const item of items) if (!unique.has(item.id) && isAhead(cursor, item)) unique.set(item.id, item);
	return [...unique.values()].sort(compareStamped);
}

/** The cursor moved past the given items (which must be ahead of it). */
export function advance(cursor: Cursor | undefined, passed: Iterable<Stamped>): Cursor | undefined {
	let next = cursor ? { at: cursor.at, ids: [...cursor.ids] } : undefined;
	for (const item of passed) {
		const order = next ? compareStamps(item.at, next.at) : 1;
		if (order > 0 || !next) next = { at: item.at, ids: [item.id] };
		else if (order === 0 && !next.ids.includes(item.id)) next.ids.push(item.id);
	}
	return next;
}

/** A cursor behind every given item: where a trigger starts, so nothing that exists is emitted. */
export function cursorAfterAll(items: Iterable<Stamped>, fallback?: Cursor): Cursor | undefined {
	return advance(fallback, [...items].sort(compareStamped));
}
