import type { IDataObject } from 'n8n-workflow';

import type { DvsPage, DvsSchema } from './port';

/* What both DVS adapters read out of an answer (the DVS API's or its MCP mirror's) into the port's types. */

function whole(value: unknown, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A document or comment listing's answer (REST or MCP) as a page; missing numbers from the request. */
export function dvsPageOf(body: IDataObject, requested: { limit: number; offset: number }): DvsPage {
	const items = Array.isArray(body.items)
		? (body.items.filter((entry) => entry && typeof entry === 'object') as IDataObject[])
		: [];
	const page: DvsPage = {
		items,
		total: whole(body.total, requested.offset + items.length),
		limit: whole(body.limit, requested.limit),
		offset: whole(body.offset, requested.offset),
	};
	if (body.order === 'newest' || body.order === 'oldest') page.order = body.order;
	return page;
}

/** get_fields' `actor` (who the credential acts as), when the answer names one. */
export function actorOf(value: unknown): Pick<DvsSchema, 'actor'> {
	if (!value || typeof value !== 'object') return {};
	const { id, org_id: orgId } = value as IDataObject;
	return typeof id === 'number' ? { actor: { id, org_id: typeof orgId === 'number' ? orgId : 0 } } : {};
}
