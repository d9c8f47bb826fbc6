import type { ILoadOptionsFunctions } from 'n8n-workflow';

import type { ServiceContext } from './http';

/*
 * How long a request may take: the Timeout option of the item (read once per item), else the default, capped
 * for the editor's lookups. Every call applies it once, where it enters the transport.
 */

/** An item's own request timeout (its Timeout option, read once per item), if it set one. */
export type ItemTimeout = (itemIndex: number) => number | undefined;

/** Every request's timeout unless the call names one; also the default of the Timeout option. */
export const DEFAULT_TIMEOUT_MS = 120_000;
/** Editor lookups (list search, load options, resource mapping) give up sooner: a person is waiting. */
export const EDITOR_LOOKUP_TIMEOUT_MS = 30_000;

/** True for the editor's lookup contexts (list search, load options, resource mapping). */
export function isEditorLookup(ctx: ServiceContext): boolean {
	return typeof (ctx as ILoadOptionsFunctions).getCurrentNodeParameter === 'function';
}

/**
 * The timeout of one call: the item's own (the Timeout option), else DEFAULT_TIMEOUT_MS, capped for
 * editor lookups. Applied once per call, where the call enters the transport.
 */
export function callTimeout(ctx: ServiceContext, requested: number | undefined): number {
	const timeout = requested && requested > 0 ? requested : DEFAULT_TIMEOUT_MS;
	return isEditorLookup(ctx) ? Math.min(timeout, EDITOR_LOOKUP_TIMEOUT_MS) : timeout;
}

/** Each item's value, read the first time an item asks for it and kept for the execution (the Timeout option). */
export function oncePerItem<T>(read: (itemIndex: number) => T): (itemIndex: number) => T {
	const known = new Map<number, T>();
	return (itemIndex) => {
		if (!known.has(itemIndex)) known.set(itemIndex, read(itemIndex));
		return known.get(itemIndex) as T;
	};
}
