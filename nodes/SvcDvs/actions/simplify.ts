import type { IDataObject } from 'n8n-workflow';

import type { DvsFieldDescriptor } from '../../shared/adapters/dvs/port';

const SINGLE_REFERENCE_TYPES = new Set(['dropdown', 'relation', 'user_id']);
const LIST_REFERENCE_TYPES = new Set(['dropdown_ids', 'relation_ids', 'user_ids']);

function isReference(value: unknown): value is { id: unknown; display_name: unknown } {
	return !!value && typeof value === 'object' && !Array.isArray(value) && 'id' in value && 'display_name' in value;
}

/**
 * `responsible` → names in `responsible`, ids in `responsible_id`; `dvs_project_id` → `dvs_project` and
 * `dvs_project_id`.
 */
function singleKeys(name: string): { nameKey: string; idKey: string } {
	return name.endsWith('_id') && name.length > 3
		? { nameKey: name.slice(0, -3), idKey: name }
		: { nameKey: name, idKey: `${name}_id` };
}

/**
 * A DVS document with every reference ({id, display_name}) turned into its display name, the
 * ids kept beside it: `<field>` holds the name and `<field>_id` the id (a field already named
 * `…_id` keeps the id and gets the name in the field without `_id`); list fields hold names,
 * with the ids in `<field>_ids`. Empty references give null (single) or [] (list) in both keys.
 * The schema decides for empty values; a reference-shaped value simplifies even without it.
 */
export function simplifyDocument(document: IDataObject, fields: DvsFieldDescriptor[] = []): IDataObject {
	const types = new Map(fields.map((field) => [field.name, field.type]));
	types.set('creator', 'user_id');
	const simple: IDataObject = {};
	for (const [name, value] of Object.entries(document)) {
		const type = types.get(name);
		const isList =
			Array.isArray(value) && (LIST_REFERENCE_TYPES.has(type ?? '') || (value.length > 0 && value.every(isReference)));
		if (isList) {
			const references = (value as unknown[]).filter(isReference);
			simple[name] = references.map((reference) => reference.display_name) as IDataObject[];
			simple[`${name}_ids`] = references.map((reference) => reference.id) as IDataObject[];
			continue;
		}
		if (isReference(value) || (value === null && SINGLE_REFERENCE_TYPES.has(type ?? ''))) {
			const { nameKey, idKey } = singleKeys(name);
			simple[nameKey] = isReference(value) ? (value.display_name as string) : null;
			simple[idKey] = isReference(value) ? (value.id as number) : null;
			continue;
		}
		simple[name] = value;
	}
	return simple;
}
