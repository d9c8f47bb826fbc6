import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { TASK_PROJECT_FIELD } from '../../shared/adapters/dvs/port';
import type { Api, Writes } from '../../shared/description/operation';
import { OVER_REST_AND_MCP, OVER_REST_ONLY } from '../../shared/description/operation';

import type { DocumentResource, DvsExecute, DvsOperation } from '../actions/node.type';
import type { ParentPicker } from './create';
import type { ListPicker } from './listPickers';
import { createDocument, TASK_PROJECT } from './create';
import { getDocument } from './get';
import { getFields } from './getFields';
import { getManyDocuments } from './getMany';
import { TASK_LISTS } from './listPickers';
import { updateDocument } from './update';

export type DocumentOperationName = 'create' | 'get' | 'getFields' | 'getMany' | 'update';

/** A DVS register as one resource of the node: what differs between registers is only this data. */
export interface RegisterSpec {
	/** "Task", "Contact Person": in parameter names. */
	displayName: string;
	/** "task", "contact person" / "tasks", "contact persons": in the action list. */
	noun: string;
	plural: string;
	/** The APIs that serve this register (the MCP endpoint's DVS tools: tasks and projects). */
	runsOver: readonly Api[];
	/** Create: the parent picked with its own parameter (a task's project), read before the Fields. */
	parent?: ParentPicker;
	/** Update: fields that cannot change (a task's project). */
	fixedFields?: string[];
	/**
	 * Create and update: list fields picked with their own parameters (a task's followers and notification
	 * receivers).
	 */
	lists?: ListPicker[];
}

/** The four registers the node offers (each resource's operation files name the operations it has). */
export const REGISTERS: Record<DocumentResource, RegisterSpec> = {
	client: { displayName: 'Client', noun: 'client', plural: 'clients', runsOver: OVER_REST_ONLY },
	contactPerson: {
		displayName: 'Contact Person',
		noun: 'contact person',
		plural: 'contact persons',
		runsOver: OVER_REST_ONLY,
	},
	project: { displayName: 'Project', noun: 'project', plural: 'projects', runsOver: OVER_REST_AND_MCP },
	task: {
		displayName: 'Task',
		noun: 'task',
		plural: 'tasks',
		runsOver: OVER_REST_AND_MCP,
		parent: TASK_PROJECT,
		fixedFields: [TASK_PROJECT_FIELD],
		lists: TASK_LISTS,
	},
};

const ACTION: Record<
	DocumentOperationName,
	{
		name: string;
		action: (spec: RegisterSpec) => string;
		returns: (spec: RegisterSpec) => string;
		writes?: (spec: RegisterSpec) => Writes;
	}
> = {
	create: {
		name: 'Create',
		// The register's new document, in its parent (a task's project); its name is one of its Fields.
		writes: (spec) => ({ kind: 'create', makes: 'document', into: spec.parent?.name, named: undefined }),
		action: (spec) => `Create a ${spec.noun}`,
		returns: (spec) => `the new ${spec.noun} as Get gives it, with its ID and visible number`,
	},
	get: {
		name: 'Get',
		action: (spec) => `Get a ${spec.noun}`,
		returns: (spec) => `the ${spec.noun}'s fields by name, with its ID and visible number`,
	},
	getFields: {
		name: 'Get Fields',
		action: (spec) => `Get ${spec.noun} fields`,
		returns: () => "the register's fields with their types and choices",
	},
	getMany: {
		name: 'Get Many',
		action: (spec) => `Get many ${spec.plural}`,
		returns: (spec) => `one item per ${spec.noun} with its fields, newest first unless told otherwise`,
	},
	update: {
		name: 'Update',
		writes: () => ({ kind: 'set', into: 'documentId', named: undefined }),
		action: (spec) => `Update a ${spec.noun}`,
		returns: (spec) => `the changed ${spec.noun} as Get gives it`,
	},
};

function executeOf(resource: DocumentResource, spec: RegisterSpec, name: DocumentOperationName): DvsExecute {
	switch (name) {
		case 'create':
			return createDocument(resource, spec.parent, spec.lists);
		case 'get':
			return getDocument(resource, spec.displayName);
		case 'getFields':
			return getFields(resource);
		case 'getMany':
			return getManyDocuments(resource);
		case 'update':
			return updateDocument(resource, spec.displayName, spec.fixedFields, spec.lists);
	}
}

/**
 * One operation of a register: `<register>/<operation>.operation.ts` gives the sentence the action list shows
 * under it and its parameters; the rest follows from the register's data.
 */
export function registerOperation(
	resource: DocumentResource,
	name: DocumentOperationName,
	summary: string,
	properties: INodeProperties[],
): DvsOperation {
	const spec = REGISTERS[resource];
	return {
		option: { name: ACTION[name].name, action: ACTION[name].action(spec), description: summary },
		access: name === 'create' || name === 'update' ? 'claimingWrite' : 'read',
		writes: ACTION[name].writes?.(spec),
		runsOver: spec.runsOver,
		returns: ACTION[name].returns(spec),
		description: updateDisplayOptions({ show: { resource: [resource], operation: [name] } }, properties),
		execute: executeOf(resource, spec, name),
	};
}
