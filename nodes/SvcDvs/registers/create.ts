import type { DvsFieldValues, DvsRegister } from '../../shared/adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../../shared/adapters/dvs/port';
import { isToolUse } from '../../shared/execution/toolUse';
import { readFieldValues, requireFields } from '../actions/fieldValues';
import { readListPickers, type ListPicker } from './listPickers';
import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { writtenDocumentItems } from '../actions/output';
import { readDocument, readSimplify } from '../actions/parameters';
import { REGISTER_OF } from './names';

/** A relation field given by its own picker instead of the Fields mapper (a task's project). */
export interface ParentPicker {
	name: string;
	displayName: string;
	field: string;
	register: DvsRegister;
}

/** A task's project: its own parameter on create, fixed afterwards. */
export const TASK_PROJECT: ParentPicker = {
	name: 'project',
	displayName: 'Project',
	field: TASK_PROJECT_FIELD,
	register: 'project_2',
};

/**
 * Create: a document from the Fields mapper (create_document). Required fields are checked
 * against get_fields first; the write runs exactly once, reading back after a lost answer. The
 * output is the new document as Get gives it.
 */
export function createDocument(
	resource: DocumentResource,
	parent?: ParentPicker,
	lists: ListPicker[] = [],
): DvsExecute {
	const register = REGISTER_OF[resource];
	return async function (itemIndex, { dvs }) {
		const parentValues: DvsFieldValues = parent
			? {
					[parent.field]: await readDocument(
						this,
						dvs,
						{ name: parent.name, label: parent.displayName, register: parent.register },
						itemIndex,
					),
				}
			: {};
		const schema = await dvs.getFields(register, itemIndex);
		const excluded = parent ? [parent.field] : [];
		const projectId = parent ? (parentValues[parent.field] as number) : undefined;
		const names = isToolUse(this) ? { dvs, register, projectId } : undefined;
		const values = {
			...(await readFieldValues(this, itemIndex, schema, excluded, names)),
			...readListPickers(this, itemIndex, lists),
			...parentValues,
		};
		requireFields(this, itemIndex, schema, values, excluded);
		const result = await dvs.createDocument(register, values, itemIndex);
		return await writtenDocumentItems(dvs, register, result, readSimplify(this, itemIndex), itemIndex);
	};
}
