import type { INodeProperties } from 'n8n-workflow';

import type { Api, Operations } from '../../../shared/operation';
import { resourceDescription } from '../../../shared/operation';

import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import type { ParentPicker } from './create';
import type { ListPicker } from './listPickers';
import { createDocumentOperation } from './create';
import { getDocumentOperation } from './get';
import { getFieldsOperation } from './getFields';
import { getManyDocumentsOperation } from './getMany';
import { updateDocumentOperation } from './update';

type DocumentOperationName = 'create' | 'get' | 'getFields' | 'getMany' | 'update';

/** A DVS register as one resource of the node: what differs between registers is only this data. */
export interface RegisterSpec {
	resource: DocumentResource;
	/** "Task", "Contact Person": in parameter names. */
	displayName: string;
	/** "task", "contact person" / "tasks", "contact persons": in the action list. */
	noun: string;
	plural: string;
	/** The APIs that serve this register (the MCP endpoint's DVS tools: tasks and projects). */
	runsOver: readonly Api[];
	/** Each operation the register offers, with the sentence the action list shows under it. */
	operations: Partial<Record<DocumentOperationName, string>>;
	/** Create: the parent picked with its own parameter (a task's project). */
	parent?: ParentPicker;
	/** Update: fields that cannot change (a task's project). */
	fixedFields?: string[];
	/**
	 * Create and update: list fields picked with their own parameters (a task's followers and notification
	 * receivers).
	 */
	lists?: ListPicker[];
}

const ACTION: Record<DocumentOperationName, { name: string; action: (spec: RegisterSpec) => string }> = {
	create: { name: 'Create', action: (spec) => `Create a ${spec.noun}` },
	get: { name: 'Get', action: (spec) => `Get a ${spec.noun}` },
	getFields: { name: 'Get Fields', action: (spec) => `Get ${spec.noun} fields` },
	getMany: { name: 'Get Many', action: (spec) => `Get many ${spec.plural}` },
	update: { name: 'Update', action: (spec) => `Update a ${spec.noun}` },
};

function operationOf(spec: RegisterSpec, name: DocumentOperationName): DocumentOperation {
	switch (name) {
		case 'create':
			return createDocumentOperation(spec.resource, spec.parent, spec.lists);
		case 'get':
			return getDocumentOperation(spec.resource, spec.displayName);
		case 'getFields':
			return getFieldsOperation(spec.resource);
		case 'getMany':
			return getManyDocumentsOperation(spec.resource);
		case 'update':
			return updateDocumentOperation(spec.resource, spec.displayName, spec.fixedFields, spec.lists);
	}
}

/** The resource's operations and its part of the node description, generated from the register's data. */
export function documentRegister(spec: RegisterSpec): {
	description: INodeProperties[];
	operations: Operations<DvsDeps>;
} {
	const names = Object.keys(spec.operations) as DocumentOperationName[];
	const operations: Operations<DvsDeps> = Object.fromEntries(
		names.map((name) => [
			name,
			{
				...operationOf(spec, name),
				option: {
					name: ACTION[name].name,
					action: ACTION[name].action(spec),
					description: spec.operations[name] ?? '',
				},
				access: name === 'create' || name === 'update' ? 'write' : 'read',
				runsOver: spec.runsOver,
			},
		]),
	);
	return { description: resourceDescription(spec.resource, operations, names[0]), operations };
}
