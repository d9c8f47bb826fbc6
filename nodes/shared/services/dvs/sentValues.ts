import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { OUTCOME_UNCERTAIN } from '../../transport/errors';
import { valuesNotHeld } from './verdicts';
import type { DvsAdapter, DvsFieldValues, DvsRegister } from '../../adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../../adapters/dvs/port';

/*
 * What a DVS write sent, against the document as read back: the document's read (which sent values it holds is the
 * verdict of verdicts.ts `valuesNotHeld`), the error for a write the service refused after writing part of it, and
 * what a create whose answer was lost left unwritten.
 */

/**
 * The DVS API: "invalid relation ids can fail after part of a write happened and a failure does
 * not guarantee rollback". A 400 to a write that sent relation values (IDs) may have left part of
 * it behind.
 */
export function mayHaveWrittenPart(values: DvsFieldValues): (error: unknown) => boolean {
	const sendsIds = Object.entries(values).some(
		([name, value]) => name !== TASK_PROJECT_FIELD && (Array.isArray(value) || typeof value === 'number'),
	);
	return (error) => sendsIds && error instanceof NodeApiError && String(error.httpCode) === '400';
}

/** The error for a write the service refused after part of it written: what holds, what does not. */
export function partlyWritten(
	node: INode,
	documentId: number,
	created: boolean,
	written: { values: DvsFieldValues; missing: DvsFieldValues },
	error: unknown,
	itemIndex: number,
): NodeApiError {
	const { values, missing } = written;
	const held = Object.keys(values).filter((name) => !(name in missing));
	const refused = Object.keys(missing);
	const reason = error instanceof Error ? error.message : String(error);
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message:
				`Svc DVS refused part of the ${created ? 'new document' : 'change'} (400), but document ${documentId} ` +
				`${created ? 'was created' : 'was changed'}`,
			description:
				`Document ${documentId} now holds ${held.length > 0 ? held.join(', ') : 'none of the sent fields'} ` +
				`as sent; not saved: ${refused.join(', ') || 'nothing'}. An ID among those is likely invalid ` +
				`for this organization. Fix it and update document ${documentId}${created ? ' instead of creating it again' : ''}.`,
			httpCode: '400',
			itemIndex,
		},
	);
}

/** The sent values a document does not hold (after a partial write): its read, and the verdict's. */
export async function missingValues(
	reader: Pick<DvsAdapter, 'getFields' | 'getDocument'>,
	register: DvsRegister,
	documentId: number,
	values: DvsFieldValues,
	itemIndex: number,
): Promise<DvsFieldValues> {
	const [schema, doc] = await Promise.all([
		reader.getFields(register, itemIndex),
		reader.getDocument(register, documentId, itemIndex),
	]);
	return valuesNotHeld(schema.fields, doc, values);
}

/**
 * A create whose lost answer was settled by finding the document, whose fields could then not be
 * read or completed (a read that timed out on a busy machine, say): the document exists, whether
 * it holds every value sent is not known.
 */
function partialCreateUnchecked(node: INode, documentId: number, cause: unknown, itemIndex: number): NodeApiError {
	const reason = cause instanceof Error ? cause.message : String(cause);
	return new NodeApiError(
		node,
		{ message: reason },
		{
			message:
				`${OUTCOME_UNCERTAIN}: document ${documentId} was created, but whether it holds every value ` +
				`sent could not be checked`,
			description:
				`The service's answer to the create was lost; reading back found document ${documentId}, ` +
				`but checking its fields failed (${reason}). Do not create it again: open document ${documentId} ` +
				`and check its fields, or update it with the same values.`,
			itemIndex,
		},
	);
}

/**
 * A create whose answer was lost may have written in part (the DVS API: no rollback, e.g. the relation rows
 * missing); what did not land is written by `update`, which is safe to repeat. A check that fails is said as
 * `partialCreateUnchecked`.
 */
export async function completePartialCreate(
	reader: Pick<DvsAdapter, 'getFields' | 'getDocument'>,
	node: INode,
	create: {
		register: DvsRegister;
		documentId: number;
		values: DvsFieldValues;
		update: (missing: DvsFieldValues) => Promise<void>;
	},
	itemIndex: number,
): Promise<void> {
	const changeable = { ...create.values };
	delete changeable[TASK_PROJECT_FIELD];
	try {
		const missing = await missingValues(reader, create.register, create.documentId, changeable, itemIndex);
		if (Object.keys(missing).length > 0) await create.update(missing);
	} catch (error) {
		throw partialCreateUnchecked(node, create.documentId, error, itemIndex);
	}
}
