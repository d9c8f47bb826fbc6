import type { ICredentialTestRequest, ICredentialType, INodeProperties, Icon } from 'n8n-workflow';

import { baseUrlProperty, REDIRECT_TEST_RULES } from './common/credentialFields';
import { MCP_REVISION_PROPERTY } from '../nodes/shared/transport/mcp/credentialFields';
import { ENDPOINT_EXPRESSION, MCP_ENDPOINT_PROPERTY } from '../nodes/shared/transport/mcp/endpoint';
import { MCP_TEST_RULES, MCP_TEST_REQUEST } from '../nodes/shared/transport/mcp/initializeCheck';

/** `{base}` without trailing slashes, as an expression over this credential's Base URL. */
const BASE = '$self["baseUrl"].trim().replace(/\\/+$/, "")';

/** The MCP endpoint, as an expression over this credential's own fields (the OAuth resource). */
const ENDPOINT = `(($self["endpointUrl"] || "").trim() || ${BASE} + "/api/mcp")`;

export class SvcMcpOAuth2Api implements ICredentialType {
	name = 'svcMcpOAuth2Api';

	extends = ['oAuth2Api'];

	// n8n names a new credential after the display name without API, OAuth1, OAuth2 and MCP: "Sign-In" keeps this
	// one's (Svc MCP-Endpoint Sign-In account) apart from the API-key credential's (Svc MCP-Endpoint account).
	displayName = 'Svc MCP-Endpoint Sign-In OAuth2 API';

	icon: Icon = { light: 'file:../icons/svc-mcp.svg', dark: 'file:../icons/svc-mcp.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		baseUrlProperty('The OAuth profile must be enabled on the deployment.'),
		MCP_ENDPOINT_PROPERTY,
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'hidden',
			default: 'pkce',
		},
		// Derived from the Base URL, as n8n's own OAuth2 credentials for self-hosted services do: n8n
		// lists an extended credential's own fields after the parent's, so a visible field with this
		// default would be evaluated before Base URL is filled in.
		{
			displayName: 'Authorization URL',
			name: 'authUrl',
			type: 'hidden',
			default: `={{${BASE} + "/oauth/authorize"}}`,
			required: true,
		},
		{
			displayName: 'Access Token URL',
			name: 'accessTokenUrl',
			type: 'hidden',
			default: `={{${BASE} + "/oauth/token"}}`,
			required: true,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description:
				'A public client registered with the service: POST {Base URL}/oauth/register with {"redirect_uris": ' +
				'["<the OAuth Redirect URL shown above>"]} returns its client_id, or use an HTTPS Client ' +
				'ID Metadata Document URL',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'hidden',
			typeOptions: { password: true },
			default: '',
		},
		{
			displayName: 'Scopes',
			name: 'scopes',
			type: 'multiOptions',
			options: [
				{ name: 'DVS: Read', value: 'dvs:read', description: 'Read DVS tasks, projects, comments and users' },
				{
					name: 'DVS: Write',
					value: 'dvs:write',
					description: 'Create and update tasks, add comments and attachments (includes DVS: Read)',
				},
				{
					name: 'Files: Write',
					value: 'files:write',
					description: 'Create folders, upload, import, rename and move files and folders',
				},
			],
			default: [],
			description:
				'Access to ask for besides Files: Read, which is always included. Changing them needs a reconnect: ' +
				'existing grants are not upgraded.',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'hidden',
			default:
				'={{["files:read"].concat($self["scopes"] || []).filter((s, i, all) => all.indexOf(s) === i).join(" ")}}',
		},
		{
			displayName: 'Send Resource Indicator',
			name: 'sendResource',
			type: 'boolean',
			default: true,
			description:
				'Whether to send the RFC 8707 resource parameter (the MCP endpoint URL) when authorizing and fetching tokens',
		},
		{
			displayName: 'Resource',
			name: 'resource',
			type: 'hidden',
			default: `={{$self["sendResource"] ? ${ENDPOINT} : ""}}`,
		},
		{
			displayName: 'Auth URI Query Parameters',
			name: 'authQueryParameters',
			type: 'hidden',
			default: `={{$self["sendResource"] ? "resource=" + encodeURIComponent(${ENDPOINT}) : ""}}`,
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'hidden',
			default: 'body',
		},
		MCP_REVISION_PROPERTY,
	];

	test: ICredentialTestRequest = {
		request: { ...MCP_TEST_REQUEST, url: `={{${ENDPOINT_EXPRESSION}}}` },
		rules: [...MCP_TEST_RULES, ...REDIRECT_TEST_RULES],
	};
}
