/* eslint-disable @n8n/community-nodes/require-node-api-error -- this file its nodes are test doubles */
import type { Account } from '../accounts';
import {
	addComment,
	assignableUserRefs,
	attachFile,
	checkRegister,
	createDocument,
	documentView,
	fieldDescriptors,
	findDocument,
	listComments,
	listDocuments,
	searchUsers,
	sessionOrganization,
	updateDocument,
	type DvsActor,
	type DvsDomainDeps,
	type MaybePromise,
} from '../dvs/domain';
import { DvsError } from '../dvs/errors';
import type {
	DvsComment,
	DvsDocument,
	DvsErrorCode,
	DvsFieldDescriptor,
	DvsListQuery,
	DvsPort,
	DvsResult,
	DvsSection,
	DvsUserRef,
} from '../mcp/ports';
import { normalizeName } from '../storage/names';

const fail = <T>(code: DvsErrorCode, message: string): DvsResult<T> => ({ ok: false, code, message });

/** The port is synchronous; the storage attachment adapter is too. A promise here is a wiring mistake. */
function sync<T>(value: MaybePromise<T>): T {
	if (value instanceof Promise) throw new Error('the MCP DvsPort adapter needs a synchronous attachment port');
	return value;
}

/**
 * The MCP endpoint's `DvsPort` over the real `DvsStore`. It holds no DVS rule of its own:
 * every call goes through the domain functions the REST actions use (`dvs/domain`), and
 * only the outcome is translated: 400 → `invalid_argument`, 405 on a document → `not_found`,
 * no organization / inactive / register off / no write permission → `permission_denied`.
 * MCP-only rules (unknown filter and field names rejected, the 20000-character comment cap
 * in the schema) are the MCP layer's; the one difference that needs storage is here:
 * attachments never get numbered names (`name_conflict`).
 */
export class DvsStorePort implements DvsPort {
	constructor(
		private readonly deps: DvsDomainDeps,
		private readonly clock: () => number = Date.now,
	) {}

	checkAccess(account: Account, sections: DvsSection[]): DvsResult<void> {
		try {
			const org = sessionOrganization(this.deps.store, account);
			for (const section of sections) checkRegister(org, account, section);
			return { ok: true, value: undefined };
		} catch (error) {
			if (!(error instanceof DvsError)) throw error;
			return fail('permission_denied', `DVS access refused: ${error.message}`);
		}
	}

	getFields(account: Account, section: DvsSection): DvsResult<DvsFieldDescriptor[]> {
		return this.run(account, (actor) => fieldDescriptors(actor.org, section) as DvsFieldDescriptor[]);
	}

	getUsers(account: Account, section: DvsSection, projectId?: number): DvsResult<DvsUserRef[]> {
		return this.run(account, (actor) => assignableUserRefs(actor, section, { dvs_project_id: projectId }));
	}

	getDocument(account: Account, section: DvsSection, id: number): DvsResult<DvsDocument> {
		return this.run(account, (actor) => sync(documentView(actor, findDocument(actor, section, id))) as DvsDocument);
	}

	listDocuments(
		account: Account,
		section: DvsSection,
		query: DvsListQuery,
	): DvsResult<{ items: DvsDocument[]; total: number }> {
		return this.run(account, (actor) => {
			const page = listDocuments(actor, section, { ...query });
			return { items: page.items as DvsDocument[], total: page.total };
		});
	}

	getComments(
		account: Account,
		taskId: number,
		limit: number,
		offset: number,
	): DvsResult<{ items: DvsComment[]; total: number }> {
		return this.run(account, (actor) => {
			const page = listComments(actor, findDocument(actor, 'task', taskId), { limit, offset });
			return { items: page.items, total: page.total };
		});
	}

	searchUsers(
		account: Account,
		pattern: string,
		limit: number,
		taskId?: number,
	): DvsResult<(DvsUserRef & { has_access: boolean })[]> {
		return this.run(account, (actor) => searchUsers(actor, { pattern, limit, dvs_document_id: taskId }).users);
	}

	createTask(account: Account, params: Record<string, unknown>): DvsResult<{ id: number }> {
		return this.run(account, (actor) => ({ id: createDocument(actor, 'task', params).id }));
	}

	updateTask(account: Account, id: number, params: Record<string, unknown>): DvsResult<{ id: number }> {
		return this.run(account, (actor) => {
			updateDocument(actor, findDocument(actor, 'task', id), params);
			return { id };
		});
	}

	addComment(account: Account, taskId: number, text: string): DvsResult<{ commentId: number }> {
		return this.run(account, (actor) => ({
			commentId: addComment(actor, findDocument(actor, 'task', taskId), text).id,
		}));
	}

	uploadFile(
		account: Account,
		taskId: number,
		fileName: string,
		content: Buffer,
		mimeType: string,
	): DvsResult<{ fileHash: string; uploadHash: string }> {
		return this.run(
			account,
			(actor) => {
				const task = findDocument(actor, 'task', taskId);
				// The stored name is storage's normalized one: compare that for name_conflict.
				const input = { fileName: normalizeName(fileName, 'file'), content, mimeType };
				const saved = sync(attachFile(actor, task, input, { onNameTaken: 'fail' }));
				if (!saved.ok) return fail(saved.errorCode, saved.errorMessage);
				return { ok: true, value: { fileHash: saved.fileHash, uploadHash: saved.uploadHash } };
			},
			true,
		);
	}

	/** Runs one domain call as the account; DvsError statuses become the port's codes. */
	private run<T>(account: Account, call: (actor: DvsActor) => T): DvsResult<T>;
	private run<T>(account: Account, call: (actor: DvsActor) => DvsResult<T>, returnsResult: true): DvsResult<T>;
	private run<T>(account: Account, call: (actor: DvsActor) => T | DvsResult<T>, returnsResult = false): DvsResult<T> {
		let actor: DvsActor;
		try {
			actor = { deps: this.deps, account, org: sessionOrganization(this.deps.store, account), now: this.clock };
		} catch (error) {
			if (!(error instanceof DvsError)) throw error;
			return fail('permission_denied', `DVS access refused: ${error.message}`);
		}
		try {
			const value = call(actor);
			return returnsResult ? (value as DvsResult<T>) : { ok: true, value: value as T };
		} catch (error) {
			if (!(error instanceof DvsError)) throw error;
			switch (error.status) {
				case 400:
					return fail('invalid_argument', error.message);
				case 405:
					return fail(
						'not_found',
						`${error.message} (unknown document, or a document of another organization or register)`,
					);
				case 401:
					return fail('permission_denied', error.message);
				default:
					throw error;
			}
		}
	}
}
