import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/items';
import { optionsCollection } from '../common.descriptions';
import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import { SECTION_OF } from '../sections';

/** Get Fields: the register's schema (get_fields) as one item: fields, actions and actor. */
export function getFieldsOperation(resource: DocumentResource): DocumentOperation {
	const section = SECTION_OF[resource];
	const description = updateDisplayOptions({ show: { resource: [resource], operation: ['getFields'] } }, [
		optionsCollection(),
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number, { dvs }: DvsDeps): Promise<INodeExecutionData[]> {
		const { fields, actions, actor } = await dvs.getFields(section, itemIndex);
		// A copy: the schema stays cached for the rest of the execution.
		const schema: IDataObject = {
			fields: fields.map((field) => ({ ...field })) as unknown as IDataObject[],
			actions: [...actions],
		};
		if (actor) schema.actor = { ...actor };
		return [jsonItem(schema, itemIndex)];
	}
	return { description, execute };
}
