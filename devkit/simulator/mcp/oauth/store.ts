import { randomBytes } from 'node:crypto';
import type { Scope } from '../scopes';

export const ACCESS_TOKEN_SECONDS = 3600;
export const REFRESH_IDLE_SECONDS = 90 * 24 * 3600;
export const CODE_SECONDS = 600;
export const CONSENT_SECONDS = 900;

export interface OAuthClient {
	clientId: string;
	redirectUris: string[];
	clientName?: string;
	issuedAt: number;
	/** True for a Client ID Metadata Document (client_id is its HTTPS URL). */
	metadataDocument: boolean;
}

export interface AuthorizationRequest {
	clientId: string;
	redirectUri: string;
	scopes: Scope[];
	codeChallenge: string;
	state?: string;
	resource?: string;
}

export interface PendingConsent extends AuthorizationRequest {
	id: string;
	expiresAt: number;
}

export interface AuthorizationCode extends AuthorizationRequest {
	code: string;
	accountId: number;
	expiresAt: number;
	/** Set once redeemed; a second redemption revokes this grant. */
	grantId?: string;
}

export interface Grant {
	id: string;
	accountId: number;
	clientId: string;
	scopes: Scope[];
	refreshToken: string;
	refreshExpiresAt: number;
	retiredRefreshTokens: Set<string>;
	revoked: boolean;
}

export interface AccessTokenRecord {
	token: string;
	grantId: string;
	accountId: number;
	scopes: Scope[];
	expiresAt: number;
}

function secret(prefix: string): string {
	return `${prefix}${randomBytes(24).toString('base64url')}`;
}

/** In-memory OAuth state of one simulator instance. */
export class OAuthStore {
	readonly clients = new Map<string, OAuthClient>();
	readonly consents = new Map<string, PendingConsent>();
	readonly codes = new Map<string, AuthorizationCode>();
	readonly grants = new Map<string, Grant>();
	readonly accessTokens = new Map<string, AccessTokenRecord>();
	private readonly refreshIndex = new Map<string, string>();

	registerClient(redirectUris: string[], clientName: string | undefined, now: number): OAuthClient {
		const client: OAuthClient = {
			clientId: secret('svc-client-'),
			redirectUris,
			clientName,
			issuedAt: now,
			metadataDocument: false,
		};
		this.clients.set(client.clientId, client);
		return client;
	}

	addConsent(request: AuthorizationRequest, expiresAt: number): PendingConsent {
		const consent: PendingConsent = { ...request, id: secret(''), expiresAt };
		this.consents.set(consent.id, consent);
		return consent;
	}

	issueCode(request: AuthorizationRequest, accountId: number, expiresAt: number): AuthorizationCode {
		const code: AuthorizationCode = { ...request, code: secret('svc-code-'), accountId, expiresAt };
		this.codes.set(code.code, code);
		return code;
	}

	createGrant(accountId: number, clientId: string, scopes: Scope[], refreshExpiresAt: number): Grant {
		const grant: Grant = {
			id: secret('grant-'),
			accountId,
			clientId,
			scopes,
			refreshToken: secret('svc-rt-'),
			refreshExpiresAt,
			retiredRefreshTokens: new Set(),
			revoked: false,
		};
		this.grants.set(grant.id, grant);
		this.refreshIndex.set(grant.refreshToken, grant.id);
		return grant;
	}

	grantByRefreshToken(token: string): Grant | undefined {
		const id = this.refreshIndex.get(token);
		return id ? this.grants.get(id) : undefined;
	}

	rotateRefreshToken(grant: Grant, refreshExpiresAt: number): void {
		grant.retiredRefreshTokens.add(grant.refreshToken);
		grant.refreshToken = secret('svc-rt-');
		grant.refreshExpiresAt = refreshExpiresAt;
		this.refreshIndex.set(grant.refreshToken, grant.id);
	}

	issueAccessToken(grant: Grant, scopes: Scope[], expiresAt: number): AccessTokenRecord {
		const record: AccessTokenRecord = {
			token: secret('svc-at-'),
			grantId: grant.id,
			accountId: grant.accountId,
			scopes,
			expiresAt,
		};
		this.accessTokens.set(record.token, record);
		return record;
	}

	revokeGrant(grant: Grant): void {
		grant.revoked = true;
		for (const [token, record] of this.accessTokens) if (record.grantId === grant.id) this.accessTokens.delete(token);
	}
}
