import type { IAuthenticateRuleResponseCode, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

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
			'Address of the service, without a path. Must start with https:// (http:// only for localhost, such as the bundled simulator).',
			note,
		]
			.filter(Boolean)
			.join(' '),
	};
}

/** The address a credential's `authenticate` receives, as n8n's own nodes and the HTTP Request node pass it. */
export function requestedAddress(requestOptions: IHttpRequestOptions): string | undefined {
	return requestOptions.baseURL ?? requestOptions.url ?? (requestOptions as { uri?: string }).uri;
}

/**
 * Every request made with a Svc credential, whoever makes it (our nodes, the credential test,
 * n8n's HTTP Request node with a predefined credential), goes to its own origin only.
 */
export function withoutRedirects(requestOptions: IHttpRequestOptions): IHttpRequestOptions {
	return { ...requestOptions, disableFollowRedirect: true };
}

/** Credential-test rules for a redirect, which the test does not follow. */
export const REDIRECT_TEST_RULES: IAuthenticateRuleResponseCode[] = [301, 302, 303, 307, 308].map((status) => ({
	type: 'responseCode' as const,
	properties: {
		value: status,
		message: `The service answered with a redirect (${status}) to another address. No credential was sent there: check the Base URL (its exact scheme and host).`,
	},
}));
