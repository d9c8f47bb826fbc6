import type { IExecuteFunctions } from 'n8n-workflow';

import type { DvsFilters, DvsSchema } from '../../shared/adapters/dvs/port';
import { parameterOf, refuseInput } from '../../shared/execution/parameters';
import { asCalendarDate, asIdList } from '../../shared/services/mappedValues';

const LABEL = 'Filters';
const TEXT_TYPES = new Set(['text', 'date']);

function textValues(raw: unknown): string[] {
	const entries = Array.isArray(raw)
		? raw
		: typeof raw === 'string'
			? raw.split(',')
			: raw === undefined || raw === null
				? []
				: [raw];
	return entries.map((entry) => String(entry).trim()).filter(Boolean);
}

/**
 * The Filters collection as get_documents filters. Entries for the same field are merged (any
 * value matches); a field the register cannot filter on is refused, since the service would
 * silently ignore it and return everything.
 */
export function readFilters(ctx: IExecuteFunctions, itemIndex: number, schema: DvsSchema): DvsFilters {
	const entries = parameterOf(ctx, 'filters.filter', itemIndex, []) as Array<{ field?: string; values?: unknown }>;
	const filters: DvsFilters = {};
	for (const entry of entries) {
		const name = String(entry.field ?? '').trim();
		if (!name)
			refuseInput(
				ctx,
				itemIndex,
				`A filter in "${LABEL}" has no field`,
				'Choose a field for every filter, or remove the empty filter.',
			);
		const field = schema.fields.find((candidate) => candidate.name === name);
		if (!field?.filter) {
			const usable = schema.fields.filter((candidate) => candidate.filter).map((candidate) => candidate.name);
			refuseInput(
				ctx,
				itemIndex,
				`"${LABEL}" cannot filter on "${name}"`,
				`Filterable fields here: ${usable.join(', ') || 'none'}.`,
			);
		}
		let values: Array<number | string>;
		if (TEXT_TYPES.has(field.type)) {
			values = textValues(entry.values);
			const wrongDate = field.type === 'date' ? values.find((value) => asCalendarDate(value) !== value) : undefined;
			if (wrongDate !== undefined) {
				refuseInput(
					ctx,
					itemIndex,
					`The filter "${field.label}" in "${LABEL}" is not a date: "${wrongDate}"`,
					'Use the format YYYY-MM-DD.',
				);
			}
		} else {
			const ids = asIdList(entry.values ?? []);
			if (ids === undefined) {
				refuseInput(
					ctx,
					itemIndex,
					`The filter "${field.label}" in "${LABEL}" needs IDs (whole numbers)`,
					`Got ${JSON.stringify(entry.values)}.`,
				);
			}
			values = ids;
		}
		if (values.length === 0) {
			refuseInput(
				ctx,
				itemIndex,
				`The filter "${field.label}" in "${LABEL}" has no value`,
				'Choose at least one value, or remove the filter.',
			);
		}
		filters[name] = [...new Set([...(filters[name] ?? []), ...values])];
	}
	return filters;
}
