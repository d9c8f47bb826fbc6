import type { IExecuteFunctions } from 'n8n-workflow';

import type { DvsRegister } from '../../shared/adapters/dvs/port';
import { asId } from '../../shared/services/mappedValues';
import type { DvsService } from '../../shared/services/dvs/DvsService';
import { isToolUse } from '../../shared/execution/toolUse';
import { readBoolean, readLocator, readText, refuseInput } from '../../shared/execution/parameters';

/**
 * A document locator's value as a document ID. As an AI tool, whose model sends what it sees, a
 * visible number or exact name is looked up too (DvsService `documentIdOf`).
 */
export async function readDocument(
	ctx: IExecuteFunctions,
	dvs: DvsService,
	parameter: { name: string; label: string; register: DvsRegister },
	itemIndex: number,
): Promise<number> {
	if (!isToolUse(ctx)) return readDocumentId(ctx, parameter.name, itemIndex, parameter.label);
	return await dvs.documentIdOf(
		parameter.register,
		readLocator(ctx, parameter.name, itemIndex, parameter.label),
		itemIndex,
	);
}

/** The Task parameter (`taskLocator`) as a task ID. */
export async function readTask(ctx: IExecuteFunctions, dvs: DvsService, itemIndex: number): Promise<number> {
	return await readDocument(ctx, dvs, { name: 'task', label: 'Task', register: 'task' }, itemIndex);
}

/** A document locator's value as a document ID, refused with the parameter's name when it is not one. */
export function readDocumentId(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): number {
	const raw = readLocator(ctx, name, itemIndex, label);
	const id = asId(raw);
	if (id === undefined) {
		refuseInput(
			ctx,
			itemIndex,
			`The parameter "${label}" is not an ID: "${raw}"`,
			`Choose the ${label.toLowerCase()} from the list, or enter its ID (a whole number).`,
		);
	}
	return id;
}

/** An optional whole-number ID typed into a text or number field; undefined when empty. */
export function readOptionalId(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	label: string,
): number | undefined {
	const raw = readText(ctx, name, itemIndex, label);
	if (!raw) return undefined;
	const id = asId(raw);
	if (id === undefined)
		refuseInput(
			ctx,
			itemIndex,
			`The parameter "${label}" is not an ID: "${raw}"`,
			'Enter a whole number, or leave it empty.',
		);
	return id;
}

export function readSimplify(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return readBoolean(ctx, 'simplify', itemIndex, 'Simplify');
}
