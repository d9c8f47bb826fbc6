import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { DvsFieldDescriptor, DvsListQuery, DvsPage, DvsRegister, DvsUser } from '../../adapters/dvs/port';
import { asId } from '../mappedValues';

/**
 * Documents a lookup by visible number or name reads, newest first, before it gives up (get_documents pages
 * of 200).
 */
export const NAME_SEARCH_MAX_DOCUMENTS = 1000;
const PAGE = 200;
const SHOWN = 10;

/** The reads a lookup needs (the DVS service has them). */
export interface DvsLookupReader {
	listDocuments(register: DvsRegister, query: DvsListQuery, itemIndex: number): Promise<DvsPage>;
	getUsers(register: DvsRegister, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]>;
}

const NOUN: Record<DvsRegister, string> = {
	task: 'task',
	project_2: 'project',
	client: 'client',
	contact_person: 'contact person',
};

function same(a: unknown, b: string): boolean {
	return typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();
}

function shownList(names: string[]): string {
	const shown = names.slice(0, SHOWN).join(', ');
	return names.length > SHOWN ? `${shown} and more` : shown || 'none';
}

/**
 * References as an AI model writes them, turned into the IDs the DVS API takes: a document by its
 * ID, its visible number (`full_number`, such as ACME-T-0001) or its exact name; a user by ID or
 * name among the users the register accepts; a dropdown option by ID or name. The API has no
 * filter by number or name, so documents are read newest first (at most NAME_SEARCH_MAX_DOCUMENTS).
 * An unknown or ambiguous value is an error that says what exists.
 */
export class DvsReferences {
	constructor(
		private readonly node: INode,
		private readonly reader: DvsLookupReader,
	) {}

	async documentIdOf(register: DvsRegister, reference: string, itemIndex: number): Promise<number> {
		const id = asId(reference);
		if (id !== undefined) return id;
		const seen: IDataObject[] = [];
		for (let offset = 0; offset < NAME_SEARCH_MAX_DOCUMENTS; offset += PAGE) {
			const page = await this.reader.listDocuments(register, { limit: PAGE, offset, order: 'newest' }, itemIndex);
			seen.push(...page.items);
			if (page.items.length === 0 || offset + page.items.length >= page.total) break;
		}
		const byNumber = seen.filter((document) => same(document.full_number, reference));
		const matches = byNumber.length > 0 ? byNumber : seen.filter((document) => same(document.name, reference));
		if (matches.length === 1) return Number(matches[0].dvs_document_id);
		const noun = NOUN[register];
		const label = (document: IDataObject) =>
			`${String(document.full_number ?? document.dvs_document_id)} "${String(document.name ?? '')}"`;
		throw new NodeOperationError(
			this.node,
			matches.length === 0
				? `No ${noun} "${reference}" was found (not an ID, a visible number or a name)`
				: `Several ${noun}s are named "${reference}"`,
			{
				itemIndex,
				description:
					`${matches.length === 0 ? `The newest ${noun}s are` : 'They are'} ` +
					`${shownList((matches.length ? matches : seen).map(label))}. ` +
					`Give the ${noun}'s ID or visible number.`,
			},
		);
	}

	async userIdOf(
		register: DvsRegister,
		projectId: number | undefined,
		reference: string,
		itemIndex: number,
	): Promise<number> {
		const id = asId(reference);
		if (id !== undefined) return id;
		const users = await this.reader.getUsers(register, projectId, itemIndex);
		const matches = users.filter((user) => same(user.display_name, reference));
		if (matches.length === 1) return matches[0].id;
		throw new NodeOperationError(
			this.node,
			matches.length === 0 ? `No user "${reference}" can be chosen here` : `Several users are named "${reference}"`,
			{
				itemIndex,
				description:
					`The users this ${NOUN[register]} accepts: ` +
					`${shownList(users.map((user) => `${user.display_name} (${user.id})`))}. ` +
					`Give a name from the list or the user's ID.`,
			},
		);
	}

	/** A dropdown option by ID or name; undefined when the field has no such option. */
	optionIdOf(field: DvsFieldDescriptor, reference: unknown): number | undefined {
		const id = asId(reference);
		if (id !== undefined) return id;
		return field.options?.find((option) => same(option.display_name, String(reference)))?.id;
	}
}
