import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { DvsFieldDescriptor, DvsFieldValues, DvsSchema, DvsRegister } from '../../shared/adapters/dvs/port';
import { parameterOf, refuseInput } from '../../shared/execution/parameters';
import { asId, asIdList, convertMapped, mapperInputOf, type MappedKind } from '../../shared/services/mappedValues';
import type { DvsService } from '../../shared/services/dvs/DvsService';
import { isRegister } from '../registers/names';

const LABEL = 'Fields';

function isUnset(value: unknown): boolean {
	return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Task fields of type text that hold a number: "numeric string" (DVS API, Task fields: estimated_hours,
 * spent_hours).
 */
const NUMERIC_TEXT_FIELDS = new Set(['estimated_hours', 'spent_hours']);

/** How a register field's value is converted, by its get_fields type. */
export function kindOf(field: DvsFieldDescriptor): MappedKind {
	if (field.type === 'text' && NUMERIC_TEXT_FIELDS.has(field.name)) return 'numericText';
	switch (field.type) {
		case 'dropdown':
		case 'relation':
		case 'user_id':
			return 'id';
		case 'dropdown_ids':
		case 'relation_ids':
		case 'user_ids':
			return 'idList';
		case 'date':
			return 'date';
		case 'html':
			return 'raw';
		default:
			return 'text';
	}
}

function mappedInput(ctx: IExecuteFunctions, itemIndex: number): { values: IDataObject; automatic: boolean } {
	const mapper = mapperInputOf(parameterOf(ctx, 'fields', itemIndex, {}));
	if (!mapper)
		refuseInput(
			ctx,
			itemIndex,
			'The parameter "Fields" must be an object of field values',
			'Give the fields as {"name": value, …}, or as JSON text of that object.',
		);
	if (mapper.mappingMode === 'autoMapInputData')
		return { values: ctx.getInputData()[itemIndex]?.json ?? {}, automatic: true };
	return { values: mapper.value as IDataObject, automatic: false };
}

/** Where a tool's names are looked up: the DVS service, and the task's project for its users. */
export interface NameLookup {
	dvs: DvsService;
	register: DvsRegister;
	projectId?: number;
}

/** One name (or ID) of a reference field as its ID: a dropdown option, a user, a related document. */
async function idOfName(
	lookup: NameLookup,
	field: DvsFieldDescriptor,
	entry: unknown,
	itemIndex: number,
): Promise<unknown> {
	if (asId(entry) !== undefined || typeof entry !== 'string' || !entry.trim()) return entry;
	if (field.type.startsWith('dropdown')) return lookup.dvs.optionIdOf(field, entry) ?? entry;
	if (field.type.startsWith('user'))
		return await lookup.dvs.userIdOf(lookup.register, lookup.projectId, entry.trim(), itemIndex);
	if (field.type.startsWith('relation') && isRegister(field.section))
		return await lookup.dvs.documentIdOf(field.section, entry.trim(), itemIndex);
	return entry;
}

/** A reference field's value with names where IDs go turned into IDs (a list: each entry). */
async function withIdsForNames(
	lookup: NameLookup,
	field: DvsFieldDescriptor,
	raw: unknown,
	itemIndex: number,
): Promise<unknown> {
	const kind = kindOf(field);
	if (kind === 'id') return await idOfName(lookup, field, raw, itemIndex);
	if (kind !== 'idList' || asIdList(raw) !== undefined) return raw;
	const entries = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
	return await Promise.all(
		entries.map(
			async (entry) => await idOfName(lookup, field, typeof entry === 'string' ? entry.trim() : entry, itemIndex),
		),
	);
}

/**
 * The values of the Fields mapper, converted by the register's live field types. Empty
 * values are not sent; a field the register does not have is refused (the API would ignore it).
 * With `names` (an AI tool, whose model sends what it reads), options, users and related
 * documents may be given by name.
 */
export async function readFieldValues(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: DvsSchema,
	excluded: string[] = [],
	names?: NameLookup,
): Promise<DvsFieldValues> {
	const fields = new Map(schema.fields.map((field) => [field.name, field]));
	const { values, automatic } = mappedInput(ctx, itemIndex);
	const result: DvsFieldValues = {};
	for (const [name, given] of Object.entries(values)) {
		const field = fields.get(name);
		if (!field || excluded.includes(name)) {
			if (automatic || isUnset(given)) continue;
			refuseInput(
				ctx,
				itemIndex,
				`"${LABEL}" holds "${name}", which is not a writable field here`,
				"Refresh the field list (the register's fields may have changed) and remove the field.",
			);
		}
		if (isUnset(given)) continue;
		const raw = names ? await withIdsForNames(names, field, given, itemIndex) : given;
		const converted = convertMapped(kindOf(field), raw);
		if ('problem' in converted) {
			refuseInput(
				ctx,
				itemIndex,
				`The field "${field.label}" in "${LABEL}" ${converted.problem}`,
				`Got ${JSON.stringify(given)}.`,
			);
		}
		result[name] = converted.value as DvsFieldValues[string];
	}
	return result;
}

/** Refuses a create that lacks a field get_fields marks required. */
export function requireFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	schema: DvsSchema,
	values: DvsFieldValues,
	providedElsewhere: string[] = [],
): void {
	const missing = schema.fields.filter((field) => {
		if (!field.required || providedElsewhere.includes(field.name)) return false;
		const value = values[field.name];
		return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
	});
	if (missing.length > 0) {
		const names = missing.map((field) => `"${field.label}"`).join(', ');
		refuseInput(
			ctx,
			itemIndex,
			`${names} ${missing.length === 1 ? 'is' : 'are'} required in "${LABEL}"`,
			'The register marks these fields as required: give each a value.',
		);
	}
}

/** Refuses an update that changes nothing. */
export function requireSomeField(ctx: IExecuteFunctions, itemIndex: number, values: DvsFieldValues): void {
	if (Object.keys(values).length === 0) {
		refuseInput(ctx, itemIndex, `"${LABEL}" has nothing to change`, 'Add at least one field with a value.');
	}
}
