import type { DvsSection } from '../../shared/adapters/dvs/port';
import type { DocumentResource } from './node.type';

export const SECTION_OF: Record<DocumentResource, DvsSection> = {
	client: 'client',
	contactPerson: 'contact_person',
	project: 'project_2',
	task: 'task',
};

/** Singular nouns for messages and descriptions. */
export const NOUN_OF: Record<DvsSection, string> = {
	client: 'client',
	contact_person: 'contact person',
	project_2: 'project',
	task: 'task',
};

/** listSearch method that lists each register's documents. */
export const SEARCH_METHOD_OF: Record<DvsSection, string> = {
	client: 'searchClients',
	contact_person: 'searchContactPersons',
	project_2: 'searchProjects',
	task: 'searchTasks',
};

export function sectionOfResource(resource: unknown): DvsSection | undefined {
	return SECTION_OF[resource as DocumentResource];
}

/** Whether a value names a DVS register (a relation field's `section`). */
export function isSection(value: unknown): value is DvsSection {
	return typeof value === 'string' && Object.hasOwn(NOUN_OF, value);
}
