import type { IDataObject } from 'n8n-workflow';

import { jsonItem } from '../../shared/execution/items';
import type { DocumentResource, DvsExecute } from '../actions/node.type';
import { REGISTER_OF } from './names';

/** Get Fields: the register's schema (get_fields) as one item: fields, actions and actor. */
export function getFields(resource: DocumentResource): DvsExecute {
	const register = REGISTER_OF[resource];
	return async function (itemIndex, { dvs }) {
		const { fields, actions, actor } = await dvs.getFields(register, itemIndex);
		// A copy: the schema stays cached for the rest of the execution.
		const schema: IDataObject = {
			fields: fields.map((field) => ({ ...field })) as unknown as IDataObject[],
			actions: [...actions],
		};
		if (actor) schema.actor = { ...actor };
		return [jsonItem(schema, itemIndex)];
	};
}
