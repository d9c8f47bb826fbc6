import type { DvsRegister } from '../../shared/adapters/dvs/port';
import type { DocumentResource } from '../actions/node.type';

export const REGISTER_OF: Record<DocumentResource, DvsRegister> = {
	client: 'client',
	contactPerson: 'contact_person',
	project: 'project_2',
	task: 'task',
};

/** Singular nouns for messages and descriptions. */
export const NOUN_OF: Record<DvsRegister, string> = {
	client: 'client',
	contact_person: 'contact person',
	project_2: 'project',
	task: 'task',
};

/** listSearch method that lists each register's documents. */
export const SEARCH_METHOD_OF: Record<DvsRegister, string> = {
	client: 'searchClients',
	contact_person: 'searchContactPersons',
	project_2: 'searchProjects',
	task: 'searchTasks',
};

export function registerOfResource(resource: unknown): DvsRegister | undefined {
	return REGISTER_OF[resource as DocumentResource];
}

/** Whether a value names a DVS register (a relation field's `section`). */
export function isRegister(value: unknown): value is DvsRegister {
	return typeof value === 'string' && Object.hasOwn(NOUN_OF, value);
}
