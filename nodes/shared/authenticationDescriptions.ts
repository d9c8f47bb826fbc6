import type { INodeCredentialDescription, INodeProperties, IDisplayOptions } from 'n8n-workflow';

import { AUTHENTICATION, MCP_CREDENTIALS } from './services/authentication';

/*
 * The Authentication parameter's part of a node description: the parameter, its notice, the credential entries
 * and the displayOptions that follow the choice (the choice itself is read in `services/authentication.ts`).
 */

/** displayOptions that show a property only with the REST credential. */
export const restOnly = (rest: 'svcStorageApi' | 'svcDvsApi'): IDisplayOptions => ({
	show: { [AUTHENTICATION]: [rest] },
});

/** displayOptions that show a property only with an MCP credential. */
export const mcpOnly: IDisplayOptions = { show: { [AUTHENTICATION]: [...MCP_CREDENTIALS] } };

/** For options inside a collection: the root-level authentication parameter. */
export const restOnlyInCollection = (rest: 'svcStorageApi' | 'svcDvsApi'): IDisplayOptions => ({
	show: { [`/${AUTHENTICATION}`]: [rest] },
});

const MCP_NOTICE_TEXT =
	'Over MCP some operations are not available (their descriptions say so), uploads are limited ' +
	'to 10 MiB and a taken name is an error. ' +
	'<a href="https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/mcp-connection.md">What differs</a>';

/** The Authentication parameter and, when an MCP credential is chosen, a notice of what differs. */
export function authenticationProperties(rest: 'svcStorageApi' | 'svcDvsApi', restName: string): INodeProperties[] {
	return [
		{
			displayName: 'Authentication',
			name: AUTHENTICATION,
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: restName, value: rest, description: 'The REST API: every operation' },
				{
					name: 'Svc MCP API Key',
					value: 'svcMcpApi',
					description: "The hosted MCP endpoint with an account's API key",
				},
				{
					name: 'Svc MCP OAuth2',
					value: 'svcMcpOAuth2Api',
					description: 'The hosted MCP endpoint with scoped OAuth2 access',
				},
			],
			default: rest,
		},
		{
			displayName: MCP_NOTICE_TEXT,
			name: 'mcpNotice',
			type: 'notice',
			default: '',
			displayOptions: mcpOnly,
		},
	];
}

/**
 * The node's credentials: the REST one by default, the MCP ones when chosen. Each is shown by hiding it
 * for the other choices, never with `show` on the Authentication parameter: n8n's editor takes a
 * parameter that credentials `show` on as the node's "main auth field", hides it from the panel and
 * offers every credential of every choice in one list, pre-selecting the newest saved of any type (so a
 * new Svc Storage node started on an MCP credential). With `hide`, Authentication stays a visible
 * parameter and a new node starts with the newest credential of the choice it shows: the REST one.
 */
export function credentialEntries(rest: 'svcStorageApi' | 'svcDvsApi'): INodeCredentialDescription[] {
	const choices = [rest, ...MCP_CREDENTIALS];
	return choices.map((name) => ({
		name,
		required: true,
		displayOptions: { hide: { [AUTHENTICATION]: choices.filter((other) => other !== name) } },
	}));
}
