import type { Account, AccountStore } from '../../accounts';
import type { AttachmentPort } from '../ports';
import type { DvsStore } from '../store';
import type { DvsOrganization } from '../types';

/** The state document 3's rules work on, without HTTP: shared by the REST handler and the MCP tools. */
export interface DvsDomainDeps {
	accounts: AccountStore;
	store: DvsStore;
	attachments: AttachmentPort;
}

/**
 * Who acts: an authenticated account of a session organization, and the clock. The REST
 * `DvsContext` is one; an MCP DVS tool builds one per call (`mcp/tools/dvsCommon.ts` `dvsActor`).
 */
export interface DvsActor {
	deps: DvsDomainDeps;
	account: Account;
	org: DvsOrganization;
	/** Epoch milliseconds. */
	now: () => number;
}

/** The attachment port may answer synchronously or with a promise; domain functions pass that on. */
export type MaybePromise<T> = T | Promise<T>;

export function chain<T, R>(value: MaybePromise<T>, next: (resolved: T) => MaybePromise<R>): MaybePromise<R> {
	return value instanceof Promise ? value.then(next) : next(value);
}
