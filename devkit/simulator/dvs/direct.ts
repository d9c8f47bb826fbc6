import { escapeHtml } from './html';
import type { DvsStore } from './store';
import type { DvsComment, DvsDocument, DvsSection, DvsValue } from './types';

export interface DirectDocument {
	orgId: number;
	creatorId: number;
	/** Epoch milliseconds; several documents may share one `date_created` second. */
	createdAt?: number;
	values: Record<string, DvsValue>;
}

/**
 * Inserts a document the way create_document stores it (defaults filled in) but without
 * validation, notifications or HTTP: for seeding, tests and benchmarks.
 */
export function insertDocument(store: DvsStore, section: DvsSection, doc: DirectDocument): DvsDocument {
	const values: Record<string, DvsValue> = {};
	for (const field of store.fieldsOf(doc.orgId, section)) {
		const isArray = field.type.endsWith('_ids');
		values[field.name] = doc.values[field.name] ?? field.default ?? (isArray ? [] : null);
	}
	for (const [name, value] of Object.entries(doc.values)) values[name] ??= value;
	const stored = store.insertDocument(doc.orgId, section, {
		values,
		creatorId: doc.creatorId,
		createdAt: doc.createdAt,
	});
	stored.history.push({ kind: 'create', at: stored.createdAt, actorId: doc.creatorId, fields: Object.keys(values) });
	return stored;
}

/** A task needs `dvs_project_id` and `name` in `values`. */
export function insertTask(store: DvsStore, task: DirectDocument): DvsDocument {
	if (typeof task.values.dvs_project_id !== 'number' || typeof task.values.name !== 'string') {
		throw new Error('insertTask needs values.dvs_project_id and values.name');
	}
	return insertDocument(store, 'task', task);
}

export interface DirectComment {
	taskId: number;
	authorId: number;
	/** Plain text, stored HTML-escaped like add_comment does. */
	text?: string;
	/** Stored as is, like rich text written in the web interface. */
	html?: string;
	createdAt?: number;
	deleted?: boolean;
}

export function insertComment(store: DvsStore, comment: DirectComment): DvsComment {
	return store.insertComment({
		taskId: comment.taskId,
		authorId: comment.authorId,
		storedHtml: comment.html ?? escapeHtml(comment.text ?? ''),
		createdAt: comment.createdAt ?? store.clock(),
		deleted: comment.deleted ?? false,
	});
}
