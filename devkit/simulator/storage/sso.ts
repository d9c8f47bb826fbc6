import { randomToken } from './ids';

/**
 * Stand-in for Google and Apple sign-in: which Google tokens (with their e-mail) and which
 * Apple codes identify which account. Both stay valid until revoked.
 */
export class SsoDirectory {
	private readonly googleTokens = new Map<string, { accountId: number; email: string }>();

	private readonly appleCodes = new Map<string, number>();

	issueGoogleToken(accountId: number, email: string, token = randomToken()): string {
		this.googleTokens.set(token, { accountId, email: email.toLowerCase() });
		return token;
	}

	issueAppleCode(accountId: number, code = randomToken()): string {
		this.appleCodes.set(code, accountId);
		return code;
	}

	/** The account for a Google token, when the e-mail is the one the token was issued for. */
	googleAccount(token: string, email: string): number | undefined {
		const entry = this.googleTokens.get(token);
		return entry && entry.email === email.trim().toLowerCase() ? entry.accountId : undefined;
	}

	appleAccount(code: string): number | undefined {
		return this.appleCodes.get(code);
	}

	revoke(tokenOrCode: string): void {
		this.googleTokens.delete(tokenOrCode);
		this.appleCodes.delete(tokenOrCode);
	}
}
