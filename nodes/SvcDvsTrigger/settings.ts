import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { jsonParse } from 'n8n-workflow';

import type { DvsFilters } from '../shared/adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../shared/adapters/dvs/port';
import { readInteger, readLocator, readTimeout, refuseInput } from '../shared/execution/parameters';
import { DEFAULT_MAX_ITEMS_PER_POLL } from '../shared/description/common.descriptions';
import { DEFAULT_TASKS_CHECKED_PER_POLL } from './description';
import { dvsId } from './stamps';
import type { DvsService } from '../shared/services/dvs/DvsService';
import type { PollBudget } from '../shared/polling/budget';
import type { Repeats } from '../shared/polling/emission';

export type DvsTriggerEvent = 'newTask' | 'taskUpdated' | 'newComment';

/** One event's poll (events/*.ts): what it emits, under n8n's budget, passing over `repeats` (emission.ts). */
export type DvsEventPoll = (
	ctx: IPollFunctions,
	dvs: DvsService,
	settings: DvsTriggerSettings,
	budget: PollBudget,
	repeats: Repeats,
) => Promise<INodeExecutionData[][] | null>;

export interface DvsTriggerSettings {
	event: DvsTriggerEvent;
	/** New Comment on one task: its id. */
	taskId?: number;
	/** New Task, Task Updated, and New Comment on matching tasks: get_documents filters. */
	filters: DvsFilters;
	/**
	 * Whether a task can start matching the filters after it was created (status, responsible,
	 * other filters; a task's project never changes): such a task is not new, so only tasks
	 * created after activation count as new.
	 */
	mutableFilters: boolean;
	/** Task Updated: emit only when one of these fields changed (empty: any change). */
	watchedFields: string[];
	maxItemsPerPoll: number;
	tasksCheckedPerPoll: number;
	timeoutMs: number;
}

function idParameter(ctx: IPollFunctions, name: string, label: string, required: boolean): number | undefined {
	const text = readLocator(ctx, name, 0, label, false);
	if (!text) {
		if (required)
			refuseInput(
				ctx,
				0,
				`The parameter "${label}" is empty`,
				`Choose the ${label.toLowerCase()} from the list or enter its ID.`,
			);
		return undefined;
	}
	const id = dvsId(text);
	if (id === undefined || id < 1)
		refuseInput(ctx, 0, `The parameter "${label}" is not an ID: "${text}"`, 'IDs are whole numbers such as 5101.');
	return id;
}

function idList(value: unknown): number[] {
	const values = Array.isArray(value) ? value : value === '' || value === undefined || value === null ? [] : [value];
	return values.map(dvsId).filter((id): id is number => id !== undefined);
}

function otherFilters(ctx: IPollFunctions): DvsFilters {
	const raw = ctx.getNodeParameter('filters.otherFilters', '{}');
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = raw.trim() ? jsonParse(raw) : {};
		} catch {
			refuseInput(
				ctx,
				0,
				'The filter "Other Filters (JSON)" is not valid JSON',
				'Enter an object such as {"dropdown_status": [3]}.',
			);
		}
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
		refuseInput(
			ctx,
			0,
			'The filter "Other Filters (JSON)" must be a JSON object',
			'Enter an object such as {"dropdown_status": [3]}.',
		);
	}
	const filters: DvsFilters = {};
	for (const [name, value] of Object.entries(parsed as IDataObject)) {
		const values = (Array.isArray(value) ? value : [value]).filter(
			(entry) => typeof entry === 'number' || typeof entry === 'string',
		) as Array<number | string>;
		if (values.length > 0) filters[name] = values;
	}
	return filters;
}

function readFilters(ctx: IPollFunctions): DvsFilters {
	const filters = otherFilters(ctx);
	const project = idParameter(ctx, 'project', 'Project', false);
	if (project !== undefined) filters[TASK_PROJECT_FIELD] = [project];
	const status = idList(ctx.getNodeParameter('filters.status', []));
	if (status.length > 0) filters.dropdown_status = status;
	const responsible = idList(ctx.getNodeParameter('filters.responsible', ''));
	if (responsible.length > 0) filters.responsible = responsible;
	return filters;
}

/** The node's parameters, checked before any request. */
export function readDvsTriggerSettings(ctx: IPollFunctions): DvsTriggerSettings {
	const event = ctx.getNodeParameter('event', 'newTask') as DvsTriggerEvent;
	const onOneTask = event === 'newComment' && ctx.getNodeParameter('watch', 'task') === 'task';
	const filters = onOneTask ? {} : readFilters(ctx);
	const watchedFields =
		event === 'taskUpdated' ? (ctx.getNodeParameter('watchedFields', []) as unknown[]).map(String).filter(Boolean) : [];
	return {
		event,
		taskId: onOneTask ? idParameter(ctx, 'task', 'Task', true) : undefined,
		filters,
		mutableFilters: Object.keys(filters).some((name) => name !== TASK_PROJECT_FIELD),
		watchedFields,
		maxItemsPerPoll: readInteger(ctx, 'options.maxItemsPerPoll', 0, 'Max Items per Poll', {
			min: 1,
			fallback: DEFAULT_MAX_ITEMS_PER_POLL,
		}),
		tasksCheckedPerPoll:
			event === 'newComment' && !onOneTask
				? readInteger(ctx, 'options.tasksCheckedPerPoll', 0, 'Tasks Checked per Poll', {
						min: 0,
						fallback: DEFAULT_TASKS_CHECKED_PER_POLL,
					})
				: 0,
		timeoutMs: readTimeout(ctx, 0),
	};
}
