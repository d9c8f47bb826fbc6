import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Stamped } from '../shared/polling/cursor';
import { dvsSecond } from './stamps';

/** A comment as the trigger emits it: the comment's fields, its task's id and, when known, the task. */
export function commentItem(taskId: number, comment: IDataObject, task?: IDataObject): INodeExecutionData {
	const json: IDataObject = { ...comment, dvs_document_id: taskId };
	if (task) json.task = { dvs_document_id: taskId, full_number: task.full_number ?? null, name: task.name ?? null };
	return { json };
}

/** A comment stamped by its creation second and id, to order comments of several tasks. */
export function stampComment(id: number, comment: IDataObject): Stamped {
	return { at: dvsSecond(comment.date_created), id: String(id) };
}
