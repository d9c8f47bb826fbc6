import type { ILoadOptionsFunctions, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';
import type { DvsFieldDescriptor, DvsRegister } from '../../shared/adapters/dvs/port';
import { TASK_PROJECT_FIELD } from '../../shared/adapters/dvs/port';
import { FIELD_TYPE_OF } from '../../shared/services/mappedValues';
import { kindOf } from '../actions/fieldValues';
import { isToolUse } from '../../shared/execution/toolUse';
import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import { TASK_LISTS } from '../registers/listPickers';
import { currentDocumentId, currentRegister, documentOptions, isRegister, taskProject, userOptions } from './lookups';

/**
 * Fields given by their own parameter instead of the mapper; an AI tool's model gives the lists in the
 * mapper, by name.
 */
function ownParameterFields(register: DvsRegister, toolUse: boolean): string[] {
	if (register !== 'task') return [];
	return [TASK_PROJECT_FIELD, ...(toolUse ? [] : TASK_LISTS.map((list) => list.field))];
}

/** What the model reads for a field: its label, what it takes, and the choices where there are few. */
function modelHint(field: DvsFieldDescriptor, options: ResourceMapperField['options']): string {
	const kind = kindOf(field);
	const takes: Partial<Record<string, string>> = {
		id: 'a name from the choices, or its ID',
		idList: 'names or IDs, separated by commas',
		date: 'a date as YYYY-MM-DD',
		numericText: 'a number',
	};
	const choices = options?.length
		? ` Choices: ${options
				.slice(0, 30)
				.map((option) => option.name)
				.join(', ')}.`
		: '';
	const takesText = takes[kind] ? `: ${takes[kind]}.` : '.';
	return `${field.label || field.name}${takesText}${choices}${field.required ? '' : ' Optional.'}`.replace(/`/g, "'");
}

async function mapperField(
	field: DvsFieldDescriptor,
	forCreate: boolean,
	forModel: boolean,
	choices: (field: DvsFieldDescriptor) => Promise<ResourceMapperField['options']>,
): Promise<ResourceMapperField> {
	const kind = kindOf(field);
	const options = kind === 'id' || (forModel && kind === 'idList') ? await choices(field) : undefined;
	const mapped: ResourceMapperField = {
		id: field.name,
		displayName: field.label || field.name,
		required: forCreate && field.required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: FIELD_TYPE_OF[kind],
		removed: !forCreate,
	};
	if (forModel) {
		// As an AI tool every field is the model's to fill, by name where IDs go (fieldValues.ts resolves them).
		const fallback = field.required ? '' : ", ''";
		return {
			...mapped,
			type: 'string',
			defaultValue: `={{ $fromAI('${field.name}', \`${modelHint(field, options)}\`, 'string'${fallback}) }}`,
		};
	}
	return options ? { ...mapped, type: 'options', options } : mapped;
}

/**
 * The register's writable fields from get_fields, for the create and update mappers, typed so
 * that n8n checks and converts them (services/mappedValues.ts `FIELD_TYPE_OF`): required ones marked
 * (create), dates as dates, hours as numbers, dropdowns with the organization's options, relations
 * and users as options when the list is short enough (users of the task's project), other lists
 * as arrays of IDs (a task's lists have their own parameters: listPickers.ts).
 */
export async function getDocumentFields(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const waitingFor = notYetAskable(this);
	if (waitingFor) return { fields: [], emptyFieldsNotice: waitingFor };
	return await closingAfter(dvsServiceFor(this), async (dvs) => await documentFields(this, dvs));
}

/**
 * What the mapper waits for before it can ask the register: a credential, and for a new task its
 * project (whose users the task's user fields accept). Said neutrally, not as an error.
 */
function notYetAskable(ctx: ILoadOptionsFunctions): string | undefined {
	if (Object.keys(ctx.getNode().credentials ?? {}).length === 0)
		return 'Pick a credential first: the fields are read from your register.';
	// As an AI tool the model gives the project, so the fields are listed without it.
	const newTask =
		currentRegister(ctx) === 'task' && ctx.getCurrentNodeParameter('operation') === 'create' && !isToolUse(ctx);
	if (newTask && currentDocumentId(ctx, 'project') === undefined)
		return "Pick the task's project first: its fields and the users it accepts are read from it.";
	return undefined;
}

async function documentFields(ctx: ILoadOptionsFunctions, dvs: DvsService): Promise<ResourceMapperFields> {
	const register = currentRegister(ctx);
	const forCreate = ctx.getCurrentNodeParameter('operation') === 'create';
	const schema = await dvs.getFields(register, 0);
	const ownParameters = ownParameterFields(register, isToolUse(ctx));
	let users: Promise<ResourceMapperField['options']> | undefined;
	const userChoices = async () => {
		const projectId = register === 'task' ? await taskProject(ctx, dvs) : undefined;
		if (register === 'contact_person' || (register === 'task' && projectId === undefined)) return undefined;
		return await userOptions(dvs, register, projectId);
	};
	const choices = async (field: DvsFieldDescriptor) => {
		if (field.type.startsWith('dropdown'))
			return (field.options ?? []).map((option) => ({ name: option.display_name, value: option.id }));
		if (field.type.startsWith('relation'))
			return isRegister(field.section) && dvs.reaches(field.section)
				? await documentOptions(dvs, field.section)
				: undefined;
		users ??= userChoices();
		return await users;
	};
	const fields: ResourceMapperField[] = [];
	for (const field of schema.fields) {
		if (ownParameters.includes(field.name)) continue;
		fields.push(await mapperField(field, forCreate, isToolUse(ctx), choices));
	}
	return fields.length
		? { fields }
		: {
				fields,
				emptyFieldsNotice:
					'The register reports no writable fields for this account: ask its administrator for write access to it.',
			};
}
