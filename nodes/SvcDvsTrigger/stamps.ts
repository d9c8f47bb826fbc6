import type { IDataObject } from 'n8n-workflow';

import type { Stamped } from '../shared/polling/cursor';

/**
 * A DVS date-time (`YYYY-MM-DD HH:MM:SS`, second resolution) in a form that sorts as text.
 * An ISO spelling (`T`, fractions, zone) is cut back to the same form; a missing value sorts
 * first.
 */
export function dvsSecond(value: unknown): string {
	if (typeof value !== 'string') return '';
	return value.trim().replace('T', ' ').slice(0, 19);
}

/** A document or comment id as a number, whether the service sends a number or a numeric string. */
export function dvsId(value: unknown): number | undefined {
	const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
	return Number.isInteger(number) ? number : undefined;
}

export interface StampedTask extends Stamped {
	at: string;
	taskId: number;
	updated: string;
	task: IDataObject;
}

/** A task stamped by its creation second and id (undefined for an entry without an id). */
export function stampTask(task: IDataObject): StampedTask | undefined {
	const taskId = dvsId(task.dvs_document_id);
	if (taskId === undefined) return undefined;
	return { at: dvsSecond(task.date_created), id: String(taskId), taskId, updated: dvsSecond(task.date_updated), task };
}

/** The same task stamped by its last update instead, for spotting tasks with activity. */
export function byUpdate(task: StampedTask): Stamped {
	return { at: task.updated, id: task.id };
}

/** A DVS date-time as seconds since 1970 (UTC as written; only compared with itself); 0 when missing. */
export function dvsSeconds(value: unknown): number {
	const text = dvsSecond(value);
	const parsed = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
	if (!parsed) return 0;
	const [, year, month, day, hour, minute, second] = parsed.map(Number);
	return Math.floor(Date.UTC(year, month - 1, day, hour, minute, second) / 1000);
}
