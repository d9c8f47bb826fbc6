import type { IExecuteFunctions } from 'n8n-workflow';

import { isoCalendarDate, readLocator, readText, refuseInput } from '../../shared/parameters';

/** A whole-number ID from a number, or a text holding one (as typed or from an expression). */
export function asId(value: unknown): number | undefined {
	if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
	if (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value)) {
		const id = Number(value.trim());
		return id > 0 ? id : undefined;
	}
	return undefined;
}

/** IDs from an array, a JSON array text or a comma-separated text; undefined when one is not an ID. */
export function asIdList(value: unknown): number[] | undefined {
	let entries: unknown[];
	if (Array.isArray(value)) {
		entries = value;
	} else if (typeof value === 'number') {
		entries = [value];
	} else if (typeof value === 'string') {
		const text = value.trim();
		if (text.startsWith('[')) {
			try {
				const parsed: unknown = JSON.parse(text);
				if (!Array.isArray(parsed)) return undefined;
				entries = parsed;
			} catch {
				return undefined;
			}
		} else {
			entries = text === '' ? [] : text.split(',');
		}
	} else {
		return undefined;
	}
	const ids = entries.map(asId);
	return ids.every((id) => id !== undefined) ? [...new Set(ids as number[])] : undefined;
}

/** A document locator's value as a document ID, refused with the parameter's name when it is not one. */
export function readDocumentId(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): number {
	const raw = readLocator(ctx, name, itemIndex, label);
	const id = asId(raw);
	if (id === undefined) {
		refuseInput(ctx, itemIndex, `The parameter "${label}" is not an ID: "${raw}"`, `Choose the ${label.toLowerCase()} from the list, or enter its ID (a whole number).`);
	}
	return id;
}

/** An optional whole-number ID typed into a text or number field; undefined when empty. */
export function readOptionalId(ctx: IExecuteFunctions, name: string, itemIndex: number, label: string): number | undefined {
	const raw = readText(ctx, name, itemIndex, label);
	if (!raw) return undefined;
	const id = asId(raw);
	if (id === undefined) refuseInput(ctx, itemIndex, `The parameter "${label}" is not an ID: "${raw}"`, 'Enter a whole number, or leave it empty.');
	return id;
}

export function readSimplify(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('simplify', itemIndex, false) as boolean;
}

/** A calendar date as YYYY-MM-DD from strict ISO 8601 text (a time is dropped); undefined when it is not a date. */
export function asCalendarDate(value: unknown): string | undefined {
	const text =
		value && typeof value === 'object' && typeof (value as { toISO?: unknown }).toISO === 'function'
			? String((value as { toISO: () => string }).toISO())
			: typeof value === 'string'
				? value.trim()
				: '';
	return isoCalendarDate(text);
}
