import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { DvsRegister, DvsWriteResult } from '../../shared/adapters/dvs/port';
import { simplifyDocument } from './simplify';
import { jsonItem } from '../../shared/execution/items';

/** Documents as output items, simplified by the register's schema when asked. */
export async function documentItems(
	dvs: DvsService,
	register: DvsRegister,
	documents: IDataObject[],
	simplify: boolean,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	if (!simplify || documents.length === 0) return documents.map((document) => jsonItem(document, itemIndex));
	const { fields } = await dvs.getFields(register, itemIndex);
	return documents.map((document) => jsonItem(simplifyDocument(document, fields), itemIndex));
}

/**
 * What a create or update outputs: the document as Get gives it (the write's own answer where the API reads the
 * write back itself, the MCP endpoint, or the document the DVS service built for a create from a listing,
 * services/dvs/createdOutput.ts; else get_document after the write: the DVS API answers the ID alone, and what
 * was sent cannot stand in for the document, which holds what the service made of it — text trimmed and sanitized,
 * defaults for omitted fields, `full_number`, `creator`, the dates, and the names in each `{id, display_name}`), with
 * `reconciled` (and `reconciledWhy`) when the write's lost answer was settled by reading back, and
 * `earlierWrite` when an earlier try wrote the item before the node was edited. The write has landed by now, so
 * a failed read is no failure of the item: the write's own answer is output with the reason the document could not
 * be read, and the item is not written again.
 */
export async function writtenDocumentItems(
	dvs: DvsService,
	register: DvsRegister,
	written: DvsWriteResult,
	simplify: boolean,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const { document: shown, ...answer } = written;
	let document: IDataObject;
	try {
		document = shown ?? (await dvs.getDocument(register, written.dvs_document_id, itemIndex));
	} catch (error) {
		return [jsonItem({ ...answer, document_read_error: (error as Error).message }, itemIndex)];
	}
	const [item] = await documentItems(dvs, register, [document], simplify, itemIndex);
	const { reconciled, reconciledWhy, earlierWrite } = written;
	const settled = reconciled ? { reconciled, ...(reconciledWhy ? { reconciledWhy } : {}) } : {};
	return [{ ...item, json: { ...item.json, ...settled, ...(earlierWrite ? { earlierWrite } : {}) } }];
}

const COMMENT_FIELDS = [{ name: 'author', label: 'Author', type: 'user_id', required: false, filter: false }];

/** Comments as output items; simplified, the author becomes its name with the ID in author_id. */
export function commentItems(comments: IDataObject[], simplify: boolean, itemIndex: number): INodeExecutionData[] {
	return comments.map((comment) => jsonItem(simplify ? simplifyDocument(comment, COMMENT_FIELDS) : comment, itemIndex));
}
