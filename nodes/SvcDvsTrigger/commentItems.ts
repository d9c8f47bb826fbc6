import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Stamped } from '../shared/polling/cursor';
import { eventIdOf } from '../shared/polling/eventId';
import { dvsSecond } from './stamps';

/**
 * A comment as the trigger emits it: the comment's fields, its task's id and, when known, the task,
 * with the event's stable ID (by task and comment id).
 */
export function commentItem(taskId: number, comment: IDataObject, task?: IDataObject): INodeExecutionData {
	const json: IDataObject = { ...comment, dvs_document_id: taskId };
	if (task) json.task = { dvs_document_id: taskId, full_number: task.full_number ?? null, name: task.name ?? null };
	json.event_id = eventIdOf('newComment', `${taskId}:${String(comment.id)}`);
	return { json };
}

/**
 * A task as New Task and Task Updated emit it, with the event's stable ID (by id, and for Task Updated its
 * last-update second).
 */
export function taskItem(event: 'newTask' | 'taskUpdated', task: IDataObject): INodeExecutionData {
	const version = event === 'taskUpdated' ? dvsSecond(task.date_updated) : '';
	return { json: { ...task, event_id: eventIdOf(event, String(task.dvs_document_id), version) } };
}

/** A comment stamped by its creation second and id, to order comments of several tasks. */
export function stampComment(id: number, comment: IDataObject): Stamped {
	return { at: dvsSecond(comment.date_created), id: String(id) };
}
