import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { documentItems } from '../actions/output';
import { readDocument, readSimplify } from '../actions/parameters';
import { REGISTER_OF } from './names';

/** Get: one document of a register by ID (get_document), with its html fields. */
export function getDocument(resource: DocumentResource, displayName: string): DvsExecute {
	const register = REGISTER_OF[resource];
	return async function (itemIndex, { dvs }) {
		const documentId = await readDocument(this, dvs, { name: 'documentId', label: displayName, register }, itemIndex);
		const document = await dvs.getDocument(register, documentId, itemIndex);
		return await documentItems(dvs, register, [document], readSimplify(this, itemIndex), itemIndex);
	};
}
