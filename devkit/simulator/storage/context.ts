import type { Account, AccountStore } from '../accounts';
import type { MultipartResult } from '../multipart';
import type { SimRequest, SimResponse } from '../types';
import type { EncryptionKeyStore } from './encryptionKeys';
import type { Params } from './params';
import type { SlidingWindowLimiter } from './rateLimit';
import type { SessionStore } from './sessions';
import type { SsoDirectory } from './sso';
import type { StorageStore } from './store';

export interface StorageLimits {
	/** Larger uploads answer 493. */
	maxFileBytes: number;
	/** Uploads that would make the target folder (with its subfolders) larger answer 492. */
	maxFolderBytes: number;
}

/** Everything the storage handlers work with. */
export interface StorageServices {
	accounts: AccountStore;
	storage: StorageStore;
	encryptionKeys: EncryptionKeyStore;
	sessions: SessionStore;
	sso: SsoDirectory;
	createFolderLimiter: SlidingWindowLimiter;
	limits: StorageLimits;
	/** Milliseconds clock. */
	now: () => number;
	/** Hosts sesslogin.php may redirect to. */
	isServiceHost: (hostname: string) => boolean;
	/** The reading of "200 with no documented data" (move_file, delete_file). */
	noDataAnswer: NoDataAnswer;
}

/** Readings of document 1's "Response 200 with no documented data". */
export type NoDataAnswer = 'emptyObject' | 'emptyBody' | 'status';

/** The authentication methods of document 1. */
export type AuthMethod = 'basic' | 'session' | 'password' | 'token' | 'google' | 'apple';

/** What the request log records: a user method, a capability key, or nothing. */
export type AuthLogValue = AuthMethod | 'uploadKey' | 'editKey' | 'none';

/** One storage request being handled. */
export interface StorageCall {
	req: SimRequest;
	params: Params;
	/** The parsed body of a multipart request. */
	multipart?: MultipartResult;
	services: StorageServices;
	/** Set by whoever recognizes the caller's credentials; reported in the request log. */
	auth: AuthLogValue;
}

export type StorageAction = ((call: StorageCall) => Promise<SimResponse> | SimResponse) & {
	/** Answers GET only (405 for any other method); see `getOnly`. */
	readonly getOnly?: true;
};

/**
 * Actions by the name in their path (`/api_v2/{action}`, `/api/{script}.php`): each area's
 * module writes its actions into one such table, and the router serves every table.
 */
export type StorageActions = Record<string, StorageAction>;

/** A script document 1 gives as `GET /api/{script}.php`: any other method is refused (405). */
export function getOnly(action: StorageAction): StorageAction {
	return Object.assign((call: StorageCall) => action(call), { getOnly: true as const });
}

/** An account established for a call, with the method that established it. */
export interface Caller {
	account: Account;
	method: AuthMethod;
}
