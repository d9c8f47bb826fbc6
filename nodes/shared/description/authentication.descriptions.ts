import type { INodeCredentialDescription, INodeProperties, IDisplayOptions } from 'n8n-workflow';

import { MCP_CREDENTIALS } from '../services/authentication';

/*
 * The Authentication parameter's part of a node's form: the parameter, its notice, the credential entries and
 * the displayOptions that follow the choice (the choice itself is read in `services/authentication.ts`).
 */

/** displayOptions that show a property only with the REST credential. */
export const restOnly = (rest: 'svcStorageApi' | 'svcDvsApi'): IDisplayOptions => ({
	show: { authentication: [rest] },
});

/** displayOptions that show a property only with an MCP credential. */
export const mcpOnly: IDisplayOptions = { show: { authentication: [...MCP_CREDENTIALS] } };

/** For options inside a collection: the root-level authentication parameter. */
export const restOnlyInCollection = (rest: 'svcStorageApi' | 'svcDvsApi'): IDisplayOptions => ({
	show: { '/authentication': [rest] },
});

/** The MCP endpoint's credentials, the choices after a node's own REST credential. */
const MCP_CHOICES = [
	{ name: 'Svc MCP API Key', value: 'svcMcpApi', description: "The hosted MCP endpoint with an account's API key" },
	{
		name: 'Svc MCP OAuth2',
		value: 'svcMcpOAuth2Api',
		description: 'The hosted MCP endpoint with scoped OAuth2 access',
	},
];

/** When an MCP credential is chosen: what differs. */
const mcpNotice: INodeProperties = {
	displayName:
		'Over MCP some operations are not available (their descriptions say so), uploads are limited ' +
		'to 10 MiB and a taken name is an error. ' +
		'<a href="https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/mcp-connection.md">What differs</a>',
	name: 'mcpNotice',
	type: 'notice',
	default: '',
	displayOptions: mcpOnly,
};

/** Svc Storage and its trigger: Authentication and, over MCP, what differs. */
export const storageAuthentication: INodeProperties[] = [
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Svc Storage API', value: 'svcStorageApi', description: 'The REST API: every operation' },
			...MCP_CHOICES,
		],
		default: 'svcStorageApi',
	},
	mcpNotice,
];

/** Svc DVS and its trigger: Authentication and, over MCP, what differs. */
export const dvsAuthentication: INodeProperties[] = [
	{
		displayName: 'Authentication',
		name: 'authentication',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Svc DVS API', value: 'svcDvsApi', description: 'The REST API: every operation' },
			...MCP_CHOICES,
		],
		default: 'svcDvsApi',
	},
	mcpNotice,
];

/*
 * A node's credentials: the REST one by default, the MCP ones when chosen. Each is shown by hiding it for the
 * other choices, never with `show` on the Authentication parameter: n8n's editor takes a parameter that
 * credentials `show` on as the node's "main auth field", hides it from the panel and offers every credential of
 * every choice in one list, pre-selecting the newest saved of any type (so a new Svc Storage node started on an
 * MCP credential). With `hide`, Authentication stays a visible parameter and a new node starts with the newest
 * credential of the choice it shows: the REST one.
 */

/** Svc Storage and its trigger. */
export const storageCredentials: INodeCredentialDescription[] = [
	{
		name: 'svcStorageApi',
		required: true,
		displayOptions: { hide: { authentication: ['svcMcpApi', 'svcMcpOAuth2Api'] } },
	},
	{
		name: 'svcMcpApi',
		required: true,
		displayOptions: { hide: { authentication: ['svcStorageApi', 'svcMcpOAuth2Api'] } },
	},
	{
		name: 'svcMcpOAuth2Api',
		required: true,
		displayOptions: { hide: { authentication: ['svcStorageApi', 'svcMcpApi'] } },
	},
];

/** Svc DVS and its trigger. */
export const dvsCredentials: INodeCredentialDescription[] = [
	{ name: 'svcDvsApi', required: true, displayOptions: { hide: { authentication: ['svcMcpApi', 'svcMcpOAuth2Api'] } } },
	{ name: 'svcMcpApi', required: true, displayOptions: { hide: { authentication: ['svcDvsApi', 'svcMcpOAuth2Api'] } } },
	{ name: 'svcMcpOAuth2Api', required: true, displayOptions: { hide: { authentication: ['svcDvsApi', 'svcMcpApi'] } } },
];
