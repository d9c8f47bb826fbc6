import type { IAuthenticateRuleResponseCode, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { checkBaseUrl } from '../../nodes/shared/transport/baseUrl';

/** The Base URL field every Svc credential starts with; `note` adds what is particular to one. */
export function baseUrlProperty(note = ''): INodeProperties {
	return {
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://your-svc-host.example',
		description: [
			'Address of the service, without a path. Must start with https:// (http:// only for localhost, ' +
				'such as the bundled simulator).',
			note,
		]
			.filter(Boolean)
			.join(' '),
	};
}

/** The address a credential's `authenticate` receives, as n8n's own nodes and the HTTP Request node pass it. */
export function requestedAddress(requestOptions: IHttpRequestOptions): string | undefined {
	// n8n's HTTP Request node passes `uri` (and may leave the other two empty); our nodes pass `baseURL` + `url`.
	const candidates = [requestOptions.baseURL, requestOptions.url, (requestOptions as { uri?: unknown }).uri];
	return candidates.find((value): value is string => typeof value === 'string' && value.trim() !== '');
}

function originOf(address: unknown): string | undefined {
	try {
		return typeof address === 'string' && address.trim() ? new URL(address.trim()).origin : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Checks the address of a request a credential is about to sign: a valid Svc address (see checkBaseUrl)
 * on the credential's own origin (its Base URL's, or that of another URL field such as the MCP endpoint).
 * Returns the problem to report, without any secret in it.
 */
export function foreignRequestProblem(
	requestOptions: IHttpRequestOptions,
	ownAddresses: unknown[],
	credentialLabel: string,
): string | undefined {
	const target = checkBaseUrl(requestedAddress(requestOptions), credentialLabel);
	if (target.problem !== undefined) return target.problem;
	const own = ownAddresses.map(originOf).filter((origin): origin is string => origin !== undefined);
	const origin = originOf(target.url);
	if (own.length === 0 || (origin !== undefined && own.includes(origin))) return undefined;
	return (
		`The ${credentialLabel} credential is sent only to ${own[0]}, not to ${origin}: use it for ` +
		`requests to its own Base URL, or make a credential for that address`
	);
}

/**
 * Every request made with a Svc credential, whoever makes it (our nodes, the credential test,
 * n8n's HTTP Request node with a predefined credential), goes to its own origin only.
 */
export function withoutRedirects(requestOptions: IHttpRequestOptions): IHttpRequestOptions {
	// `disableFollowRedirect` is read by n8n's request helper; the HTTP Request node sends through the
	// legacy helper, which reads `followRedirect` / `followAllRedirects` instead.
	const legacy = { followRedirect: false, followAllRedirects: false, sendCredentialsOnCrossOriginRedirect: false };
	return { ...requestOptions, disableFollowRedirect: true, ...legacy } as IHttpRequestOptions;
}

/** Credential-test rules for a redirect, which the test does not follow. */
export const REDIRECT_TEST_RULES: IAuthenticateRuleResponseCode[] = [301, 302, 303, 307, 308].map((status) => ({
	type: 'responseCode' as const,
	properties: {
		value: status,
		message:
			`The service answered with a redirect (${status}) to another address. No credential was sent ` +
			`there: check the Base URL (its exact scheme and host).`,
	},
}));
