import type { IExecuteFunctions } from 'n8n-workflow';

/** The Return All / Limit pair of parameters of a list operation, read for one item. */
export function readReturnAll(ctx: IExecuteFunctions, itemIndex: number): { returnAll: boolean; limit: number } {
	const returnAll = ctx.getNodeParameter('returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? Number.POSITIVE_INFINITY : (ctx.getNodeParameter('limit', itemIndex, 50) as number);
	return { returnAll, limit };
}

/** Applies Return All / Limit to a list the service returns whole. */
export function applyLimit<T>(entries: T[], limit: number): T[] {
	return Number.isFinite(limit) ? entries.slice(0, limit) : entries;
}
