import type { IExecuteFunctions } from 'n8n-workflow';

import type { DvsFieldValues } from '../../shared/adapters/dvs/port';
import { convertMapped } from '../../shared/services/mappedValues';
import { parameterOf, refuseInput } from '../../shared/execution/parameters';
import { runningNodeOf } from '../../shared/transport/runningNode';

/**
 * A list field of a register picked many at once with its own parameter (the task's operation files declare
 * them): n8n's field mapper has no multi-select (its editor keeps only text, numbers and booleans as a field's
 * value), so a list there is IDs typed as text. The mapper leaves these fields out (resourceMapping.ts), except
 * for an AI tool, whose model gives names in the mapper.
 */
export interface ListPicker {
	field: string;
	displayName: string;
}

/** The task's lists (DVS API, Task fields: followers are users of the project, ext_notif_receiver contact persons). */
export const TASK_LISTS: ListPicker[] = [
	{ field: 'followers', displayName: 'Followers' },
	{ field: 'ext_notif_receiver', displayName: 'External Notification Receivers' },
];

/**
 * The picked lists as IDs. An empty pick sends nothing (on update: the list stays), unless it is
 * an expression that gives an empty list on purpose.
 */
export function readListPickers(ctx: IExecuteFunctions, itemIndex: number, lists: ListPicker[]): DvsFieldValues {
	const values: DvsFieldValues = {};
	for (const list of lists) {
		const raw = parameterOf(ctx, list.field, itemIndex, []);
		const converted = convertMapped('idList', raw);
		if ('problem' in converted)
			refuseInput(ctx, itemIndex, `"${list.displayName}" ${converted.problem}`, `Got ${JSON.stringify(raw)}.`);
		const ids = converted.value as number[];
		const givenByExpression = typeof runningNodeOf(ctx).parameters[list.field] === 'string';
		if (ids.length > 0 || givenByExpression) values[list.field] = ids;
	}
	return values;
}
