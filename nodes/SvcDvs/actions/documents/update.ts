import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isToolUse } from '../../../shared/toolUse';
import { documentLocator, optionsCollection, simplifyProperty } from '../common.descriptions';
import { fieldsMapperProperties, readFieldValues, requireSomeField } from '../fieldValues';
import { listPickerProperties, readListPickers, type ListPicker } from './listPickers';
import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import { writtenDocumentItems } from '../output';
import { readDocument, readSimplify } from '../parameters';
import { NOUN_OF, SECTION_OF } from '../sections';

/**
 * Update: the fields given in the mapper change, nothing else (update_document). Fields that
 * cannot change (a task's project) are not offered. Runs exactly once, reading back after a lost answer;
 * the output is the changed document as Get gives it.
 */
export function updateDocumentOperation(
	resource: DocumentResource,
	displayName: string,
	fixedFields: string[] = [],
	lists: ListPicker[] = [],
): DocumentOperation {
	const section = SECTION_OF[resource];
	const description = updateDisplayOptions({ show: { resource: [resource], operation: ['update'] } }, [
		documentLocator({ name: 'documentId', displayName, section, description: `The ${NOUN_OF[section]} to change` }),
		...fieldsMapperProperties('update', ['documentId.value']),
		...listPickerProperties(lists, 'update', ['documentId.value']),
		simplifyProperty,
		optionsCollection(),
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number, { dvs }: DvsDeps): Promise<INodeExecutionData[]> {
		const documentId = await readDocument(this, dvs, { name: 'documentId', label: displayName, section }, itemIndex);
		const schema = await dvs.getFields(section, itemIndex);
		const names = isToolUse(this)
			? { dvs, section, projectId: section === 'task' ? await dvs.projectOfTask(documentId, itemIndex) : undefined }
			: undefined;
		const values = {
			...(await readFieldValues(this, itemIndex, schema, fixedFields, names)),
			...readListPickers(this, itemIndex, lists),
		};
		requireSomeField(this, itemIndex, values);
		const result = await dvs.updateDocument(section, documentId, values, itemIndex);
		return await writtenDocumentItems(dvs, section, result, readSimplify(this, itemIndex), itemIndex);
	}
	return { description, execute };
}
