/**
 * The service's user accounts, shared by the storage API, the DVS API and the MCP endpoint:
 * the same person logs in to all three with the same login, password and access tokens.
 */
export type Plan = 'FREE' | 'PRO' | 'BUSINESS' | 'ENTERPRISE';

export type AccessTokenType = 'API' | 'ALL' | 'WEB';

export interface AccessToken {
	token: string;
	type: AccessTokenType;
}

export interface Account {
	/** Numeric user id (MCP bearer `<user_id>:<api_token>`, encryption `userID`). */
	id: number;
	login: string;
	email: string;
	password: string;
	firstName: string;
	surname: string;
	plan: Plan;
	/** When true, password logins answer 403 with `TWO_FACTOR_REQURIED: 1`. */
	twoFactor: boolean;
	/** False until the e-mail is confirmed (MCP refuses unconfirmed accounts). */
	confirmed: boolean;
	accessTokens: AccessToken[];
	/** Hash of the account's ROOT folder (set when the storage store creates it). */
	rootFolderHash: string;
	/** DVS: the organization the user belongs to, if any. */
	orgId?: number;
	/** DVS: registers this user's group may write (`task`, `project_2`, `contact_person`, `client`). */
	dvsWriteSections?: string[];
	/** DVS: false for an inactive user (comments then show `is_active: false`). */
	active: boolean;
}

export class AccountStore {
	private readonly accounts = new Map<number, Account>();

	private nextId = 1001;

	add(
		fields: Omit<Account, 'id' | 'rootFolderHash' | 'active' | 'confirmed'> &
			Partial<Pick<Account, 'id' | 'active' | 'confirmed'>>,
	): Account {
		const id = fields.id ?? this.nextId++;
		if (this.accounts.has(id)) throw new Error(`account ${id} exists`);
		this.nextId = Math.max(this.nextId, id + 1);
		const account: Account = { active: true, confirmed: true, rootFolderHash: '', ...fields, id };
		this.accounts.set(id, account);
		return account;
	}

	get(id: number): Account | undefined {
		return this.accounts.get(id);
	}

	/** `user` may be the login name or the e-mail address (case-insensitive). */
	findByUser(user: string): Account | undefined {
		const wanted = user.trim().toLowerCase();
		for (const account of this.accounts.values()) {
			if (account.login.toLowerCase() === wanted || account.email.toLowerCase() === wanted) return account;
		}
		return undefined;
	}

	all(): Account[] {
		return [...this.accounts.values()];
	}

	checkPassword(user: string, password: string): Account | undefined {
		const account = this.findByUser(user);
		return account && account.password === password ? account : undefined;
	}

	checkToken(user: string, token: string, types: AccessTokenType[] = ['API', 'ALL']): Account | undefined {
		const account = this.findByUser(user);
		return account?.accessTokens.some((t) => t.token === token && types.includes(t.type)) ? account : undefined;
	}

	/** MCP bearer form: numeric user id and an API or ALL token. */
	checkBearer(userId: number, token: string): Account | undefined {
		const account = this.accounts.get(userId);
		return account?.accessTokens.some((t) => t.token === token && (t.type === 'API' || t.type === 'ALL'))
			? account
			: undefined;
	}
}
