/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { createHash, randomBytes } from 'node:crypto';

import { DvsTestClient } from '../dvs/testing/client';
import { credsOf } from '../dvs/testing/env';
import { startServiceSimulator, type ServiceSimulator } from '../index';
import { AUTO_CONSENT_HEADER } from '../mcp';
import { McpTestClient } from '../mcp/testing/client';
import { basicAuth, callForm } from '../storage/client';

const REDIRECT = 'http://127.0.0.1:8765/callback';

let sim: ServiceSimulator;
/** A manual clock shared by every part of the simulator (token lifetimes included). */
let time = Date.now();

beforeAll(async () => {
	sim = await startServiceSimulator({ now: () => time });
});
afterAll(() => sim.close());
beforeEach(() => {
	Object.assign(sim.mcp.settings, {
		oauthEnabled: true,
		writesEnabled: true,
		dvsEnabled: true,
		dvsWritesEnabled: true,
	});
});

function pkce(): { verifier: string; challenge: string } {
	const verifier = randomBytes(32).toString('base64url');
	return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function form(
	path: string,
	fields: Record<string, string>,
): Promise<{ status: number; headers: Headers; text: string; json: any }> {
	const res = await fetch(`${sim.baseUrl}${path}`, {
		method: 'POST',
		redirect: 'manual',
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(fields).toString(),
	});
	const text = await res.text();
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		json = undefined;
	}
	return { status: res.status, headers: res.headers, text, json };
}

async function register(): Promise<string> {
	const res = await fetch(`${sim.baseUrl}/oauth/register`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			redirect_uris: [REDIRECT],
			client_name: 'n8n',
			token_endpoint_auth_method: 'client_secret_basic',
		}),
	});
	expect(res.status).toBe(201);
	const body = (await res.json()) as { client_id: string; token_endpoint_auth_method: string; client_secret?: string };
	expect(body.token_endpoint_auth_method).toBe('none');
	expect(body.client_secret).toBeUndefined();
	return body.client_id;
}

function authorizeUrl(clientId: string, challenge: string, scope: string): string {
	const q = new URLSearchParams({
		response_type: 'code',
		client_id: clientId,
		redirect_uri: REDIRECT,
		code_challenge: challenge,
		code_challenge_method: 'S256',
		state: 'xyz',
		scope,
		resource: `${sim.baseUrl}/api/mcp`,
	});
	return `${sim.baseUrl}/oauth/authorize?${q}`;
}

/** Register, open the consent page, log in as `login`, exchange the code. */
async function signIn(login: string, password: string, scope: string) {
	const clientId = await register();
	const { verifier, challenge } = pkce();
	const page = await fetch(authorizeUrl(clientId, challenge, scope), { redirect: 'manual' });
	expect(page.status).toBe(200);
	const consentId = /name="consent_id" value="([^"]+)"/.exec(await page.text())![1];
	const approved = await form('/oauth/authorize', { consent_id: consentId, login, password, decision: 'approve' });
	expect(approved.status).toBe(302);
	const location = new URL(approved.headers.get('location')!);
	expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
	expect(location.searchParams.get('state')).toBe('xyz');
	const token = await form('/oauth/token', {
		grant_type: 'authorization_code',
		code: location.searchParams.get('code')!,
		redirect_uri: REDIRECT,
		code_verifier: verifier,
		client_id: clientId,
		resource: `${sim.baseUrl}/api/mcp`,
	});
	expect(token.status).toBe(200);
	return {
		clientId,
		...(token.json as { access_token: string; refresh_token: string; scope: string; expires_in: number }),
	};
}

describe('OAuth on the real server', () => {
	it('discovers the resource and the authorization server at the simulator base URL', async () => {
		const resource = await (await fetch(`${sim.baseUrl}/.well-known/oauth-protected-resource/api/mcp`)).json();
		expect(resource).toMatchObject({ resource: `${sim.baseUrl}/api/mcp`, authorization_servers: [sim.baseUrl] });
		const server = await (await fetch(`${sim.baseUrl}/.well-known/oauth-authorization-server`)).json();
		expect(server).toMatchObject({
			token_endpoint: `${sim.baseUrl}/oauth/token`,
			registration_endpoint: `${sim.baseUrl}/oauth/register`,
		});
		const unauthenticated = await new McpTestClient(sim.baseUrl).callTool('svc_get_root_folder');
		expect(unauthenticated.status).toBe(401);
		expect(unauthenticated.headers.get('www-authenticate')).toContain(
			`resource_metadata="${sim.baseUrl}/.well-known/oauth-protected-resource/api/mcp"`,
		);
	});

	it('the demo PRO user signs in on the consent page; a read-only grant reads the same storage and cannot write', async () => {
		const pro = sim.demo.pro;
		const token = await signIn(pro.login, pro.password, 'files:read');
		expect(token.scope).toBe('files:read');
		expect(token.expires_in).toBe(3600);

		const grants = [...sim.mcp.state.oauth.grants.values()].filter(
			(g) => g.accountId === pro.userId && g.clientId === token.clientId,
		);
		expect(grants).toHaveLength(1);
		expect(grants[0]).toMatchObject({ scopes: ['files:read'], revoked: false });

		const mcp = new McpTestClient(sim.baseUrl, { auth: `Bearer ${token.access_token}` });
		const root = await mcp.tool('svc_get_root_folder');
		expect(root.structuredContent.folder.hash).toBe(pro.rootFolderHash);
		expect(sim.requests.at(-1)).toMatchObject({ path: '/api/mcp', auth: 'mcp-oauth', mcpTool: 'svc_get_root_folder' });
		const listing = await mcp.tool('svc_list_folder', { folder_hash: sim.demo.folders.documents.hash });
		expect(listing.structuredContent.items.map((i: { name: string }) => i.name)).toContain('contract.pdf');

		const write = await mcp.callTool('svc_create_folder', {
			parent_folder_hash: pro.rootFolderHash,
			folder_name: 'Nope',
		});
		expect(write.status).toBe(403);
		expect(write.headers.get('www-authenticate')).toContain(
			'error="insufficient_scope", scope="files:read files:write"',
		);
		expect(sim.storage.findChildByName(pro.rootFolderHash, 'Nope')).toBeUndefined();

		// Refresh rotates: the new access token works, the old refresh token is dead.
		const refreshed = await form('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: token.refresh_token,
			client_id: token.clientId,
		});
		expect(refreshed.status).toBe(200);
		const again = new McpTestClient(sim.baseUrl, { auth: `Bearer ${refreshed.json.access_token}` });
		expect((await again.tool('svc_get_root_folder')).structuredContent.folder.hash).toBe(pro.rootFolderHash);
		const replay = await form('/oauth/token', {
			grant_type: 'refresh_token',
			refresh_token: token.refresh_token,
			client_id: token.clientId,
		});
		expect(replay.json).toMatchObject({ error: 'invalid_grant' });
		expect(grants[0].revoked).toBe(true);
	});

	it('a files:write grant creates a folder REST lists; a dvs:write grant creates a task REST reads', async () => {
		const pro = sim.demo.pro;
		const writer = await signIn(pro.login, pro.password, 'files:read files:write');
		const mcp = new McpTestClient(sim.baseUrl, { auth: `Bearer ${writer.access_token}` });
		const made = await mcp.tool('svc_create_folder', {
			parent_folder_hash: pro.rootFolderHash,
			folder_name: 'Made with OAuth',
		});
		expect(made.structuredContent).toMatchObject({ status: 'created' });
		const content = await callForm(
			sim.baseUrl,
			'/api_v2/get_folder_content',
			{ folder_hash: pro.rootFolderHash },
			{ headers: basicAuth(pro.login, pro.password) },
		);
		expect(content.json.map((e: { folder_name?: string }) => e.folder_name)).toContain('Made with OAuth');

		const admin = sim.dvs.seed.orgA.users.admin;
		const dvs = await signIn(admin.login, admin.password, 'dvs:write');
		expect(dvs.scope.split(' ').sort()).toEqual(['dvs:read', 'dvs:write', 'files:read']);
		const agent = new McpTestClient(sim.baseUrl, { auth: `Bearer ${dvs.access_token}` });
		const task = await agent.tool('svc_dvs_create_task', {
			create_params: { dvs_project_id: sim.dvs.seed.orgA.projects.tools, name: 'OAuth task' },
		});
		expect(task.structuredContent.status).toBe('created');
		const viaRest = await new DvsTestClient(sim.baseUrl).call('task', 'get_document', credsOf(admin), {
			dvs_document_id: task.structuredContent.dvs_document_id,
		});
		expect(viaRest.json).toMatchObject({ name: 'OAuth task', creator: { id: admin.id } });
		const upload = await agent.callTool('svc_dvs_upload_file', {
			dvs_document_id: task.structuredContent.dvs_document_id,
			file_name: 'a.txt',
			content: 'a',
			encoding: 'utf8',
		});
		expect(upload.status).toBe(403);
	});

	it('the test-only auto-consent header, expiry after one hour, and switching the profile off', async () => {
		const clientId = await register();
		const { verifier, challenge } = pkce();
		const auto = await fetch(authorizeUrl(clientId, challenge, 'files:read'), {
			redirect: 'manual',
			headers: { [AUTO_CONSENT_HEADER]: `${sim.demo.free.login}:${sim.demo.free.password}` },
		});
		expect(auto.status).toBe(302);
		const code = new URL(auto.headers.get('location')!).searchParams.get('code')!;
		const token = await form('/oauth/token', {
			grant_type: 'authorization_code',
			code,
			redirect_uri: REDIRECT,
			code_verifier: verifier,
			client_id: clientId,
		});
		const mcp = new McpTestClient(sim.baseUrl, { auth: `Bearer ${token.json.access_token}` });
		expect((await mcp.tool('svc_get_root_folder')).structuredContent.folder.hash).toBe(sim.demo.free.rootFolderHash);

		time += 3_600_000;
		const expired = await mcp.callTool('svc_get_root_folder');
		expect(expired.status).toBe(401);
		expect(expired.headers.get('www-authenticate')).toContain('invalid_token');

		sim.mcp.settings.oauthEnabled = false;
		expect((await fetch(`${sim.baseUrl}/.well-known/oauth-authorization-server`)).status).toBe(404);
		expect((await mcp.callTool('svc_get_root_folder')).status).toBe(401);
	});
});
