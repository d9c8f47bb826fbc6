import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DvsFieldValues, DvsSection } from '../../../shared/services/dvs/types';
import { TASK_PROJECT_FIELD } from '../../../shared/services/dvs/types';
import { isToolUse } from '../../../shared/toolUse';
import { documentLocator, optionsCollection, simplifyProperty } from '../common.descriptions';
import { fieldsMapperProperties, readFieldValues, requireFields } from '../fieldValues';
import { listPickerProperties, readListPickers, type ListPicker } from './listPickers';
import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import { writtenDocumentItems } from '../output';
import { readDocument, readSimplify } from '../parameters';
import { NOUN_OF, SECTION_OF } from '../sections';

/** A relation field given by its own picker instead of the Fields mapper (a task's project). */
export interface ParentPicker {
	name: string;
	displayName: string;
	field: string;
	section: DvsSection;
	description: string;
}

/**
 * Create: a document from the Fields mapper (create_document). Required fields are checked
 * against get_fields first; the write runs exactly once, reading back after a lost answer. The
 * output is the new document as Get gives it.
 */
export function createDocumentOperation(
	resource: DocumentResource,
	parent?: ParentPicker,
	lists: ListPicker[] = [],
): DocumentOperation {
	const section = SECTION_OF[resource];
	const properties: INodeProperties[] = [];
	if (parent) {
		properties.push(
			documentLocator({
				name: parent.name,
				displayName: parent.displayName,
				section: parent.section,
				description: parent.description,
			}),
		);
	}
	const dependsOn = parent ? [`${parent.name}.value`] : [];
	properties.push(
		...fieldsMapperProperties('create', dependsOn),
		...listPickerProperties(lists, 'create', dependsOn),
		simplifyProperty,
		optionsCollection(),
	);
	const description = updateDisplayOptions({ show: { resource: [resource], operation: ['create'] } }, properties);

	async function execute(this: IExecuteFunctions, itemIndex: number, { dvs }: DvsDeps): Promise<INodeExecutionData[]> {
		const parentValues: DvsFieldValues = parent
			? {
					[parent.field]: await readDocument(
						this,
						dvs,
						{ name: parent.name, label: parent.displayName, section: parent.section },
						itemIndex,
					),
				}
			: {};
		const schema = await dvs.getFields(section, itemIndex);
		const excluded = parent ? [parent.field] : [];
		const projectId = parent ? (parentValues[parent.field] as number) : undefined;
		const names = isToolUse(this) ? { dvs, section, projectId } : undefined;
		const values = {
			...(await readFieldValues(this, itemIndex, schema, excluded, names)),
			...readListPickers(this, itemIndex, lists),
			...parentValues,
		};
		requireFields(this, itemIndex, schema, values, excluded);
		const result = await dvs.createDocument(section, values, itemIndex);
		return await writtenDocumentItems(dvs, section, result, readSimplify(this, itemIndex), itemIndex);
	}
	return { description, execute };
}

export const TASK_PROJECT: ParentPicker = {
	name: 'project',
	displayName: 'Project',
	field: TASK_PROJECT_FIELD,
	section: 'project_2',
	description: `The project the ${NOUN_OF.task} belongs to; it cannot change later`,
};
