import { DvsError } from '../errors';
import { notifyChange } from '../notify';
import type { DvsDocument, DvsSection, DvsValue } from '../types';
import { validateCreate, validateUpdate } from '../validate';
import type { DvsActor } from './types';

const ARRAY_TYPES = new Set(['dropdown_ids', 'relation_ids', 'user_ids']);

export interface WriteOptions {
	/**
	 * The `partialWrite` fault: part of the write lands (the relation rows do not), then the
	 * request fails with this status. Document 3: "invalid relation ids can fail after part of a
	 * write happened and a failure does not guarantee rollback" (400), or a backend error (500).
	 */
	partialWrite?: { status: 400 | 500 };
}

/**
 * create_document: validates `input` (unknown names ignored), stores the document with
 * defaults, records history and the notification. Returns the stored document.
 */
export function createDocument(
	actor: DvsActor,
	section: DvsSection,
	input: Record<string, unknown>,
	options: WriteOptions = {},
): DvsDocument {
	const values = validateCreate({ ...actor.deps, org: actor.org, section }, input);
	const written: Record<string, DvsValue> = { ...values };
	// partialWrite: the document row lands, the relation rows (array fields) do not.
	const skipped = actor.org.fields[section].filter((f) => ARRAY_TYPES.has(f.type)).map((f) => f.name);
	if (options.partialWrite) for (const name of skipped) written[name] = [];

	const doc = actor.deps.store.insertDocument(actor.org.id, section, {
		values: written,
		creatorId: actor.account.id,
		createdAt: actor.now(),
	});
	doc.history.push({ kind: 'create', at: doc.createdAt, actorId: actor.account.id, fields: Object.keys(written) });
	if (options.partialWrite)
		throw new DvsError(options.partialWrite.status, `partial write: ${skipped.join(', ')} not saved`);
	notifyChange(actor, 'create', doc);
	return doc;
}

/**
 * update_document: only supplied known fields change, arrays are replaced, a task's project
 * cannot change. Nothing known to change is a no-op without date_updated, history or
 * notification (README). Returns the names of the changed fields.
 */
export function updateDocument(
	actor: DvsActor,
	doc: DvsDocument,
	input: Record<string, unknown>,
	options: WriteOptions = {},
): string[] {
	const changes = validateUpdate({ ...actor.deps, org: actor.org, section: doc.section }, doc, input);
	const names = Object.keys(changes);
	if (names.length === 0) return [];

	const applied = options.partialWrite ? names.filter((name) => !Array.isArray(changes[name])) : names;
	for (const name of applied) doc.values[name] = changes[name];
	doc.updatedAt = actor.now();
	doc.history.push({ kind: 'update', at: doc.updatedAt, actorId: actor.account.id, fields: applied });
	if (options.partialWrite) throw new DvsError(options.partialWrite.status, 'partial write: array fields not saved');
	notifyChange(actor, 'update', doc);
	return applied;
}
