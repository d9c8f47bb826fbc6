import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { DvsSection } from '../../shared/adapters/dvs/types';
import { simplifyDocument } from '../../shared/dvsSimplify';
import { jsonItem } from '../../shared/items';

/** Documents as output items, simplified by the register's schema when asked. */
export async function documentItems(
	dvs: DvsService,
	section: DvsSection,
	documents: IDataObject[],
	simplify: boolean,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	if (!simplify || documents.length === 0) return documents.map((document) => jsonItem(document, itemIndex));
	const { fields } = await dvs.getFields(section, itemIndex);
	return documents.map((document) => jsonItem(simplifyDocument(document, fields), itemIndex));
}

const COMMENT_FIELDS = [{ name: 'author', label: 'Author', type: 'user_id', required: false, filter: false }];

/** Comments as output items; simplified, the author becomes its name with the ID in author_id. */
export function commentItems(comments: IDataObject[], simplify: boolean, itemIndex: number): INodeExecutionData[] {
	return comments.map((comment) =>
		jsonItem(simplify ? simplifyDocument(comment, COMMENT_FIELDS) : comment, itemIndex),
	);
}
