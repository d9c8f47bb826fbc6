/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { Workflow, type INode } from 'n8n-workflow';

import { loadPackage, testCredential } from '../../../devkit/harness';
import { probe } from '../mcp-client/probe';
import { apiCredentials, jsonOf, mcpRequests, oauthCredentials, oauthTokens, runMcp, useMcpEnv } from './env';

const env = useMcpEnv();

const rootFolder = {
	resource: 'tool',
	operation: 'call',
	tool: { __rl: true, mode: 'name', value: 'svc_get_root_folder' },
	argumentsMode: 'json',
	argumentsJson: '{}',
};
const createFolder = (parent: string, name: string) => ({
	resource: 'tool',
	operation: 'call',
	tool: { __rl: true, mode: 'name', value: 'svc_create_folder' },
	argumentsMode: 'json',
	argumentsJson: JSON.stringify({ parent_folder_hash: parent, folder_name: name }),
});

describe('Svc MCP-Endpoint API credential', () => {
	it('sends Authorization: Bearer <user_id>:<api_token>', async () => {
		jsonOf(await runMcp(env, rootFolder));
		const pro = env.sim.demo.pro;
		expect(env.seen[0].headers.authorization).toBe(`Bearer ${pro.userId}:${pro.apiToken}`);
		expect(mcpRequests(env)[0].auth).toBe('mcp-api-key');
	});

	it('maps 401 to a clear error that shows no secret', async () => {
		const secret = 'wrong-token-that-must-stay-hidden';
		const result = await runMcp(env, rootFolder, { credentials: apiCredentials(env, { apiToken: secret }) });
		expect(result.error?.message).toBe(
			'Svc MCP did not accept the credential (401) while trying to call svc_get_root_folder',
		);
		expect(result.error?.description).toMatch(/type API or ALL/);
		const shown = JSON.stringify([
			result.error?.message,
			result.error?.description,
			result.logs,
			result.reportedErrors,
		]);
		expect(shown).not.toContain(secret);
	});

	it('refuses plain http to a non-loopback host before any request', async () => {
		const result = await runMcp(env, rootFolder, {
			credentials: apiCredentials(env, { baseUrl: 'http://svc.example' }),
		});
		expect(result.error?.message).toBe(
			"The Svc MCP-Endpoint API credential's Base URL must start with https:// (plain http:// is allowed only for localhost)",
		);
	});

	it('asks for the numeric user ID, and says where to find it, when given a login', async () => {
		const from = env.seen.length;
		const result = await runMcp(env, rootFolder, {
			credentials: apiCredentials(env, { userId: env.sim.demo.pro.login }),
		});
		expect(result.error?.message).toMatch(/User ID must be the account's numeric user ID, shown next to its API keys/);
		expect(env.seen.length).toBe(from);
	});

	it('passes and fails the credential test', async () => {
		const good = await testCredential('svcMcpApi', apiCredentials(env).svcMcpApi);
		expect(good).toEqual({ status: 'OK', message: 'Connection successful!' });
		const bad = await testCredential('svcMcpApi', apiCredentials(env, { apiToken: 'nope-nope' }).svcMcpApi);
		expect(bad.status).toBe('Error');
	});

	it('works for public tools without write rights and for private ones with them', async () => {
		const [doc] = jsonOf(await runMcp(env, { resource: 'docs', operation: 'get', uri: 'svc-docs://storage-api' }));
		expect(doc).toMatchObject({ uri: 'svc-docs://storage-api', format: 'markdown', text: expect.any(String) });
	});
});

describe('Svc MCP-Endpoint Sign-In OAuth2 API credential', () => {
	const oauthParams = (params: Record<string, unknown>) => ({ ...params, authentication: 'oAuth2' });

	it('calls tools with an access token obtained through the consent flow', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read'], { resource: true });
		const [out] = jsonOf(
			await runMcp(env, oauthParams(rootFolder), { credentials: oauthCredentials(env, clientId, tokenData) }),
		);
		expect(out.folder).toMatchObject({ is_root: true });
		expect(env.seen[0].headers.authorization).toBe(`Bearer ${tokenData.access_token}`);
		expect(mcpRequests(env)[0].auth).toBe('mcp-oauth');
	});

	it('names the missing scope on 403 insufficient_scope', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read']);
		const credentials = oauthCredentials(env, clientId, tokenData);
		const result = await runMcp(env, oauthParams(createFolder(env.sim.demo.folders.documents.hash, 'New')), {
			credentials,
		});
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toBe('The OAuth token lacks the files:write scope: reconnect the credential with it');
		expect(result.error?.description).toMatch(/tick files:write under Scopes and reconnect/);
		const [dvs] = await probe(credentials, [{ op: 'callTool', suffix: 'dvs_get_fields', args: { section: 'task' } }], {
			credentialType: 'svcMcpOAuth2Api',
		});
		expect(dvs).toMatchObject({
			code: 'insufficient_scope',
			message: 'The OAuth token lacks the dvs:read scope: reconnect the credential with it',
		});
	});

	it('writes with files:write', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read', 'files:write']);
		const [out] = jsonOf(
			await runMcp(env, oauthParams(createFolder(env.sim.demo.folders.documents.hash, 'Via OAuth')), {
				credentials: oauthCredentials(env, clientId, tokenData),
			}),
		);
		expect(out).toMatchObject({ status: 'created', item: { name: 'Via OAuth' } });
	});

	it('renews an expired access token once and stores the new one', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read']);
		const credentials = oauthCredentials(env, clientId, { ...tokenData, access_token: 'expired-access-token-xyz' });
		const out = jsonOf(
			await runMcp(env, oauthParams(rootFolder), { credentials, input: [{ json: {} }, { json: {} }] }),
		);
		expect(out).toHaveLength(2);
		const stored = (credentials.svcMcpOAuth2Api as any).oauthTokenData;
		expect(stored.access_token).not.toBe('expired-access-token-xyz');
		expect(stored.refresh_token).not.toBe(tokenData.refresh_token);
		// refused call, the renewing tools/list (refused, then repeated with the new token), the call again, item 2
		expect(mcpRequests(env).map((entry) => entry.status)).toEqual([401, 401, 200, 200, 200]);
	});

	it('asks to reconnect when the token cannot be renewed', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read']);
		const credentials = oauthCredentials(env, clientId, {
			...tokenData,
			access_token: 'expired-access-token-xyz',
			refresh_token: 'revoked-refresh-token',
		});
		const result = await runMcp(env, oauthParams(rootFolder), { credentials });
		expect(result.error?.message).toBe('The Svc MCP-Endpoint Sign-In OAuth2 API credential needs to be reconnected');
		const shown = JSON.stringify([result.error?.message, result.error?.description, result.logs]);
		expect(shown).not.toContain(String(tokenData.refresh_token));
	});

	it('says when the credential was never connected', async () => {
		const result = await runMcp(env, oauthParams(rootFolder), {
			credentials: oauthCredentials(env, 'client', undefined as any),
		});
		expect(result.error?.message).toBe('The Svc MCP-Endpoint Sign-In OAuth2 API credential is not connected');
		expect(mcpRequests(env)).toHaveLength(0);
	});

	it('passes the credential test with a valid token', async () => {
		const { clientId, tokenData } = await oauthTokens(env, ['files:read']);
		const result = await testCredential('svcMcpOAuth2Api', oauthCredentials(env, clientId, tokenData).svcMcpOAuth2Api);
		expect(result).toEqual({ status: 'OK', message: 'Connection successful!' });
	});
});

describe('Svc MCP-Endpoint Sign-In OAuth2 API credential fields', () => {
	/** Resolves the credential's defaults the way n8n's credentials helper does: `$self` is the credential's own data. */
	function resolveDefaults(data: Record<string, unknown>): Record<string, unknown> {
		const loaded = loadPackage();
		const type = loaded.credentialTypes.getByName('svcMcpOAuth2Api');
		const values: Record<string, unknown> = {};
		for (const property of type.properties) values[property.name] = property.default;
		Object.assign(values, data);
		const node: INode = {
			id: 'n',
			name: 'n',
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		};
		const workflow = new Workflow({
			id: 'w',
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes: loaded.nodeTypes,
		});
		return workflow.expression.getComplexParameterValue(
			node,
			values as any,
			'internal',
			{},
			undefined,
			undefined,
			values,
		) as Record<string, unknown>;
	}

	it('derives the PKCE endpoints, scope and resource from the Base URL', () => {
		const type = loadPackage().credentialTypes.getByName('svcMcpOAuth2Api');
		expect(type.extends).toEqual(['oAuth2Api']);
		const resolved = resolveDefaults({ baseUrl: 'https://svc.example/', scopes: ['files:write', 'dvs:write'] });
		expect(resolved).toMatchObject({
			grantType: 'pkce',
			authUrl: 'https://svc.example/oauth/authorize',
			accessTokenUrl: 'https://svc.example/oauth/token',
			scope: 'files:read files:write dvs:write',
			resource: 'https://svc.example/api/mcp',
			authQueryParameters: 'resource=https%3A%2F%2Fsvc.example%2Fapi%2Fmcp',
			authentication: 'body',
			clientSecret: '',
		});
	});

	it('always asks for files:read, and leaves the resource out when told to', () => {
		const resolved = resolveDefaults({ baseUrl: 'https://svc.example', scopes: [], sendResource: false });
		expect(resolved).toMatchObject({ scope: 'files:read', resource: '', authQueryParameters: '' });
	});
});
