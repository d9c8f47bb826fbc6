import type { IDataObject } from 'n8n-workflow';

import type { DvsListQuery } from './port';

/** The arguments both DVS adapters send alike: the DVS API's body and the MCP tool's arguments. */

/** search_users: the pattern, and the limit and task when given. */
export function searchUsersArguments(query: { pattern: string; limit?: number; taskId?: number }): IDataObject {
	const args: IDataObject = { pattern: query.pattern };
	if (query.limit !== undefined) args.limit = query.limit;
	if (query.taskId !== undefined) args.dvs_document_id = query.taskId;
	return args;
}

/** get_documents: the page, and the order and filters when given. */
export function listDocumentsArguments(query: DvsListQuery): IDataObject {
	const args: IDataObject = { limit: query.limit, offset: query.offset };
	if (query.order) args.order = query.order;
	if (query.filters && Object.keys(query.filters).length > 0) args.filters = query.filters as unknown as IDataObject;
	return args;
}

/** A task's comment listing: the task and the page. */
export function commentsArguments(taskId: number, page: { limit: number; offset: number }): IDataObject {
	return { dvs_document_id: taskId, limit: page.limit, offset: page.offset };
}
