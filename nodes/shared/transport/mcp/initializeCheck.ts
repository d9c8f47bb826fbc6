import type { IAuthenticateRuleResponseCode, IHttpRequestOptions } from 'n8n-workflow';

import { CLIENT_INFO, FALLBACK_INITIALIZE_REVISION } from './protocol';

/**
 * The credential test of both MCP credentials: one `initialize`, the only request every MCP
 * server answers without a session (stateful SDK servers refuse anything else first, modern ones
 * serve it too), with the token, which the server refuses if it is wrong.
 */
export const MCP_TEST_REQUEST: IHttpRequestOptions = {
	url: '',
	method: 'POST',
	headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
	body: {
		jsonrpc: '2.0',
		id: 1,
		method: 'initialize',
		params: { protocolVersion: FALLBACK_INITIALIZE_REVISION, capabilities: {}, clientInfo: CLIENT_INFO },
	},
	json: true,
	disableFollowRedirect: true,
};

/** What a refused test says, and what to fix. */
export const MCP_TEST_RULES: IAuthenticateRuleResponseCode[] = [
	{
		type: 'responseCode',
		properties: {
			value: 401,
			message:
				'The MCP endpoint refused the credential (401): check the User ID and the API Token (type ' +
				'API or ALL), or reconnect the OAuth2 credential',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 403,
			message: 'The MCP endpoint refused access (403): the account may not be confirmed, or the token lacks a scope',
		},
	},
	{
		type: 'responseCode',
		properties: {
			value: 404,
			message:
				'No MCP endpoint answered at this address (404): check the MCP Endpoint URL, or the Base ' +
				'URL (the endpoint is {Base URL}/api/mcp)',
		},
	},
	{
		type: 'responseCode',
		properties: { value: 405, message: 'The address does not take MCP requests (405): check the MCP Endpoint URL' },
	},
];
