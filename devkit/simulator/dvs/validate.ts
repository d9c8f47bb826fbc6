import type { AccountStore } from '../accounts';
import { assignableUsers } from './access';
import { badRequest } from './errors';
import { sanitizeHtml } from './html';
import { isInteger } from './params';
import type { DvsStore } from './store';
import type { DvsDocument, DvsFieldDef, DvsOrganization, DvsSection, DvsValue } from './types';

interface ValidationDeps {
	accounts: AccountStore;
	store: DvsStore;
	org: DvsOrganization;
	section: DvsSection;
}

const ARRAY_TYPES = new Set(['dropdown_ids', 'relation_ids', 'user_ids']);

function isCalendarDate(value: string): boolean {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
	const date = new Date(`${value}T00:00:00Z`);
	return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function isEmpty(value: DvsValue): boolean {
	return (
		value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0)
	);
}

function idList(field: DvsFieldDef, raw: unknown, valid: (id: number) => boolean): number[] {
	if (!Array.isArray(raw)) throw badRequest(`${field.name} must be an array of ids`);
	for (const id of raw) {
		if (!isInteger(id) || !valid(id)) throw badRequest(`${field.name}: invalid id ${JSON.stringify(id)}`);
	}
	return [...new Set(raw as number[])];
}

function singleId(field: DvsFieldDef, raw: unknown, valid: (id: number) => boolean): number {
	if (!isInteger(raw) || !valid(raw)) throw badRequest(`${field.name}: invalid id ${JSON.stringify(raw)}`);
	return raw;
}

function normalize(deps: ValidationDeps, field: DvsFieldDef, raw: unknown, projectId: number | undefined): DvsValue {
	if (raw === null) return ARRAY_TYPES.has(field.type) ? [] : null;
	const option = (id: number) => field.options?.some((o) => o.id === id) ?? false;
	const relation = (id: number) =>
		field.section !== undefined && deps.store.document(deps.org.id, field.section, id) !== undefined;
	const user = (id: number) => {
		const allowed = assignableUsers(deps.accounts, deps.store, deps.org.id, deps.section, projectId);
		return allowed.some((a) => a.id === id);
	};
	switch (field.type) {
		case 'text': {
			const value = field.numeric && typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
			if (typeof value !== 'string') throw badRequest(`${field.name} must be a string`);
			if (!field.numeric) return value;
			if (value.trim() === '') return null;
			if (!/^\d+(\.\d+)?$/.test(value.trim())) throw badRequest(`${field.name} must be a numeric string`);
			return value.trim();
		}
		case 'date':
			if (raw === '') return null;
			if (typeof raw !== 'string' || !isCalendarDate(raw)) throw badRequest(`${field.name} must be YYYY-MM-DD`);
			return raw;
		case 'html':
			if (typeof raw !== 'string') throw badRequest(`${field.name} must be an HTML string`);
			return sanitizeHtml(raw);
		case 'dropdown':
			return singleId(field, raw, option);
		case 'dropdown_ids':
			return idList(field, raw, option);
		case 'relation':
			return singleId(field, raw, relation);
		case 'relation_ids':
			return idList(field, raw, relation);
		case 'user_id':
			return singleId(field, raw, user);
		case 'user_ids':
			return idList(field, raw, user);
	}
}

/**
 * create_document: every known field validated, required ones non-empty, the rest defaulted.
 * Unknown and read-only names are ignored.
 */
export function validateCreate(deps: ValidationDeps, input: Record<string, unknown>): Record<string, DvsValue> {
	const fields = deps.org.fields[deps.section];
	const values: Record<string, DvsValue> = {};
	let projectId: number | undefined;
	const projectField = deps.section === 'task' ? fields.find((f) => f.name === 'dvs_project_id') : undefined;
	if (projectField) {
		if (input.dvs_project_id === undefined || input.dvs_project_id === null)
			throw badRequest('dvs_project_id is required');
		projectId = normalize(deps, projectField, input.dvs_project_id, undefined) as number;
	}
	for (const field of fields) {
		const supplied = Object.prototype.hasOwnProperty.call(input, field.name) && input[field.name] !== undefined;
		const value = supplied
			? normalize(deps, field, input[field.name], projectId)
			: (field.default ?? (ARRAY_TYPES.has(field.type) ? [] : null));
		if (field.required && isEmpty(value)) throw badRequest(`${field.name} is required`);
		values[field.name] = value;
	}
	return values;
}

/** update_document: only supplied known fields; the task's project cannot change. */
export function validateUpdate(
	deps: ValidationDeps,
	current: DvsDocument,
	input: Record<string, unknown>,
): Record<string, DvsValue> {
	const projectId = deps.section === 'task' ? (current.values.dvs_project_id as number) : undefined;
	const changes: Record<string, DvsValue> = {};
	for (const field of deps.org.fields[deps.section]) {
		if (!Object.prototype.hasOwnProperty.call(input, field.name) || input[field.name] === undefined) continue;
		if (field.name === 'dvs_project_id' && deps.section === 'task') {
			if (input.dvs_project_id !== projectId) throw badRequest('dvs_project_id cannot change');
			continue;
		}
		const value = normalize(deps, field, input[field.name], projectId);
		if (field.required && isEmpty(value)) throw badRequest(`${field.name} cannot be empty`);
		changes[field.name] = value;
	}
	return changes;
}
