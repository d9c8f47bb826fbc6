import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { documentItems } from '../actions/output';
import { readDocument, readSimplify } from '../actions/parameters';
import { SECTION_OF } from '../actions/sections';

/** Get: one document of a register by ID (get_document), with its html fields. */
export function getDocument(resource: DocumentResource, displayName: string): DvsExecute {
	const section = SECTION_OF[resource];
	return async function (itemIndex, { dvs }) {
		const documentId = await readDocument(this, dvs, { name: 'documentId', label: displayName, section }, itemIndex);
		const document = await dvs.getDocument(section, documentId, itemIndex);
		return await documentItems(dvs, section, [document], readSimplify(this, itemIndex), itemIndex);
	};
}
