import { isToolUse } from '../../shared/execution/toolUse';
import { readFieldValues, requireSomeField } from '../actions/fieldValues';
import { readListPickers, type ListPicker } from './listPickers';
import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { writtenDocumentItems } from '../actions/output';
import { readDocument, readSimplify } from '../actions/parameters';
import { REGISTER_OF } from './names';

/**
 * Update: the fields given in the mapper change, nothing else (update_document). Fields that
 * cannot change (a task's project) are not offered. Runs exactly once, reading back after a lost answer;
 * the output is the changed document as Get gives it.
 */
export function updateDocument(
	resource: DocumentResource,
	displayName: string,
	fixedFields: string[] = [],
	lists: ListPicker[] = [],
): DvsExecute {
	const register = REGISTER_OF[resource];
	return async function (itemIndex, { dvs }) {
		const documentId = await readDocument(this, dvs, { name: 'documentId', label: displayName, register }, itemIndex);
		const schema = await dvs.getFields(register, itemIndex);
		const names = isToolUse(this)
			? { dvs, register, projectId: register === 'task' ? await dvs.projectOfTask(documentId, itemIndex) : undefined }
			: undefined;
		const values = {
			...(await readFieldValues(this, itemIndex, schema, fixedFields, names)),
			...readListPickers(this, itemIndex, lists),
		};
		requireSomeField(this, itemIndex, values);
		const result = await dvs.updateDocument(register, documentId, values, itemIndex);
		return await writtenDocumentItems(dvs, register, result, readSimplify(this, itemIndex), itemIndex);
	};
}
