/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; its tokens are made-up test values; it reads answers of every shape */
/**
 * The package inside a real n8n of each supported line (N8N_LINE; `n8n start` on loopback, the packed tarball installed as a
 * community package): node and credential types, every credential's Test button through n8n's REST API
 * (OAuth2 connected through n8n's own flow), every template run headless, the trigger templates firing on
 * changes made in the simulator, a 5 MiB download → upload round trip, our credentials chosen in n8n's
 * HTTP Request node, and capability keys: kept by a node compat/0.1.0 saved at version 1, left out at version 2.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { CREDENTIAL_BLANKING_VALUE } from 'n8n-workflow';

import { importDemo, type CredentialRecord, type ExampleRecord } from '../../scripts/n8n/demo';
import { isN8n1, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import { startDemoSimulator } from '../../devkit/demo';
import type { ServiceSimulator } from '../../devkit/simulator';
import { executeHeadless } from '../../devkit/n8n/headless';
import {
	activate,
	createWorkflow,
	deactivate,
	executionNodes,
	executionsOf,
	manualStart,
	roundTripWorkflow,
	sha256,
	waitFor,
	workflowNode,
} from './helpers';

let sim: ServiceSimulator;
let n8n: RunningN8n;
let credentials: CredentialRecord[];
let examples: ExampleRecord[];

beforeAll(
	async () => {
		sim = await startDemoSimulator();
		n8n = await startN8n({
			beforeStart: async (bin, env) => {
				({ credentials, examples } = await importDemo(bin, env, sim));
			},
		});
	},
	5 * 60 * 1000,
);

afterAll(async () => {
	await n8n?.stop();
	await sim?.close();
});

const OUR_TOOLS = ['svcStorageTool', 'svcDvsTool', 'svcMcpTool'];
const OUR_NODES = ['svcStorage', 'svcDvs', 'svcMcp', 'svcStorageTrigger', 'svcDvsTrigger', ...OUR_TOOLS];
const OUR_CREDENTIALS = ['svcStorageApi', 'svcDvsApi', 'svcMcpApi', 'svcMcpOAuth2Api'];

describe('n8n loads the package as a community package', () => {
	it('lists all five nodes and the three tool nodes with their icons, and the four credential types', async () => {
		const types = await (await n8n.rest.raw('/types/nodes.json')).json();
		const listed = types.filter((type: any) => String(type.name).startsWith('n8n-nodes-svc.'));
		// Each once: n8n makes no tool of its own from a node whose tool the package ships.
		expect(listed.map((type: any) => type.name).sort()).toEqual(
			OUR_NODES.map((name) => `n8n-nodes-svc.${name}`).sort(),
		);
		const ours = new Map<string, any>(listed.map((type: any) => [type.name, type]));
		for (const name of OUR_TOOLS) {
			const tool = ours.get(`n8n-nodes-svc.${name}`);
			expect([name, tool.inputs, tool.outputs, tool.codex?.subcategories?.AI]).toEqual([
				name,
				[],
				['ai_tool'],
				['Tools'],
			]);
		}
		for (const name of OUR_NODES) {
			const type = ours.get(`n8n-nodes-svc.${name}`);
			expect([name, Boolean(type)]).toEqual([name, true]);
			const iconUrl = typeof type.iconUrl === 'string' ? type.iconUrl : type.iconUrl?.light;
			expect([name, iconUrl]).toEqual([name, expect.stringMatching(/\.svg$/)]);
			const icon = await n8n.rest.raw(`/${iconUrl}`);
			expect([name, icon.status, (await icon.text()).includes('<svg')]).toEqual([name, 200, true]);
		}
		const credentialTypes = await (await n8n.rest.raw('/types/credentials.json')).json();
		expect(
			credentialTypes
				.map((type: any) => type.name)
				.filter((name: string) => OUR_CREDENTIALS.includes(name))
				.sort(),
		).toEqual([...OUR_CREDENTIALS].sort());
	});
});

describe("each credential's Test button, through n8n's REST API", () => {
	const testStored = async (id: string) => {
		const stored = await n8n.rest.request<any>('GET', `/rest/credentials/${id}?includeData=true`);
		// The GET marks a stored OAuth token as `true`; the test endpoint restores only blanked values.
		const data =
			stored.data.oauthTokenData === true ? { ...stored.data, oauthTokenData: CREDENTIAL_BLANKING_VALUE } : stored.data;
		return await n8n.rest.request<{ status: string; message: string }>('POST', '/rest/credentials/test', {
			credentials: { id: stored.id, name: stored.name, type: stored.type, data },
		});
	};

	it.each(['svcStorageApi', 'svcDvsApi', 'svcMcpApi'])('%s passes against the simulator', async (type) => {
		const credential = credentials.find((record) => record.type === type)!;
		expect(await testStored(credential.id)).toEqual({ status: 'OK', message: expect.any(String) });
	});

	it.each([
		['svcStorageApi', 'accessToken', /did not accept these credentials/],
		['svcDvsApi', 'accessToken', /access token/i],
		['svcMcpApi', 'apiToken', /token/i],
	])(
		'%s with a wrong token fails with a message that says what to fix (n8n 1.x: its own message), without the token',
		async (type, field, message) => {
			const good = credentials.find((record) => record.type === type)!;
			const wrongToken = 'wrong-token-e2e-1234567890';
			const created = await n8n.rest.request<any>('POST', '/rest/credentials', {
				name: `${good.name} (wrong)`,
				type,
				data: { ...good.data, [field]: wrongToken },
			});
			const result = await testStored(created.id);
			expect(result.status).toBe('Error');
			// n8n 1.x loses the HTTP status of a failed test request (its errors drop their cause), so the
			// credential's messages keyed on the status never apply there: n8n says its own.
			expect(result.message).toMatch(isN8n1() ? /^Authorization failed - please check your credentials$/ : message);
			expect(result.message).not.toContain(wrongToken);
		},
	);

	it("svcMcpOAuth2Api connects through n8n's own OAuth2 flow (consent at the simulator), then passes", async () => {
		const callback = `${n8n.url}/rest/oauth2-credential/callback`;
		const registered = await fetch(`${sim.baseUrl}/oauth/register`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ redirect_uris: [callback], client_name: 'n8n e2e' }),
		});
		const { client_id: clientId } = await registered.json();
		const created = await n8n.rest.request<any>('POST', '/rest/credentials', {
			name: 'Svc MCP OAuth2 (e2e)',
			type: 'svcMcpOAuth2Api',
			data: { baseUrl: sim.baseUrl, clientId, clientSecret: '' },
		});
		const authUrl = await n8n.rest.request<string>('GET', `/rest/oauth2-credential/auth?id=${created.id}`);
		expect(new URL(authUrl).origin).toBe(sim.baseUrl);
		const page = await fetch(authUrl, { redirect: 'manual' });
		expect(page.status).toBe(200);
		const consentId = /name="consent_id" value="([^"]+)"/.exec(await page.text())![1];
		const approved = await fetch(`${sim.baseUrl}/oauth/authorize`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				consent_id: consentId,
				login: sim.demo.pro.login,
				password: sim.demo.pro.password,
				decision: 'approve',
			}),
			redirect: 'manual',
		});
		expect(approved.status).toBe(302);
		const location = approved.headers.get('location')!;
		expect(location.startsWith(callback)).toBe(true);
		const done = await n8n.rest.raw(location);
		expect(done.status).toBe(200);
		expect(await testStored(created.id)).toEqual({ status: 'OK', message: expect.any(String) });
	});
});

describe('the templates, run headless with `n8n execute`', () => {
	it('there are at least eight, each imported', async () => {
		expect(examples.length).toBeGreaterThanOrEqual(8);
		const listed = await n8n.rest.request<any[]>('GET', '/rest/workflows');
		expect(listed.map((workflow) => workflow.id).sort()).toEqual(
			expect.arrayContaining(examples.map((example) => example.id)),
		);
	});

	const expectations: Record<string, (nodes: Record<string, { items: any[] }>) => void> = {
		'dvs-open-tasks-to-csv.json': (nodes) => {
			expect(nodes['Open tasks'].items.length).toBeGreaterThan(1);
			expect(nodes['Open tasks'].items.every((item) => item.json.dropdown_status === 'Open')).toBe(true);
			expect(nodes['CSV file'].items[0].binary.data).toMatchObject({ fileName: 'open-tasks.csv' });
		},
		'mcp-import-from-url.json': (nodes) =>
			expect(nodes['Read back the new file'].items[0].json).toMatchObject({ file_name: 'annual-report.pdf' }),
		'storage-contract-esignature.json': (nodes) =>
			expect(nodes['Signatures so far'].items.length).toBeGreaterThanOrEqual(3),
		'storage-backup-documents.json': (nodes) => expect(nodes['Upload into backup'].items.length).toBeGreaterThan(0),
	};

	it('every manual template runs in the real n8n and each node produces items without an error', async () => {
		const manual = examples.filter((example) => example.manual);
		expect(manual.length).toBeGreaterThanOrEqual(5);
		for (const example of manual) {
			const run = await executeHeadless(n8n, example.id);
			const errors = Object.entries(run.nodes)
				.filter(([, node]) => node.error)
				.map(([name, node]) => `${name}: ${node.error}`);
			expect([example.file, run.status, errors]).toEqual([example.file, 0, []]);
			const ran = example.workflow.nodes.filter(
				(node) => node.type !== 'n8n-nodes-base.stickyNote' && node.type !== 'n8n-nodes-base.scheduleTrigger',
			);
			for (const node of ran)
				expect([example.file, node.name, (run.nodes[node.name]?.items.length ?? 0) > 0]).toEqual([
					example.file,
					node.name,
					true,
				]);
			expectations[example.file]?.(run.nodes);
		}
	});
});

describe('capability keys: a node saved at version 1 keeps them, a node added now (version 2) leaves them out', () => {
	const saved = (
		JSON.parse(readFileSync(join(__dirname, '..', '..', 'compat', '0.1.0', 'workflows.json'), 'utf8')) as any[]
	).find((workflow) => String(workflow.name).startsWith('Back up every top-level folder'));
	/** The saved workflow on this n8n's credentials; its Svc nodes at `typeVersion` when given. */
	const imported = (label: string, typeVersion?: number) => ({
		name: `${saved.name} (${label})`,
		nodes: saved.nodes.map((node: any) => ({
			...node,
			...(typeVersion && node.type.startsWith('n8n-nodes-svc.') ? { typeVersion } : {}),
			...(node.credentials
				? {
						credentials: Object.fromEntries(
							Object.keys(node.credentials).map((type) => {
								const credential = credentials.find((record) => record.type === type)!;
								return [type, { id: credential.id, name: credential.name }];
							}),
						),
					}
				: {}),
		})),
		connections: saved.connections,
		settings: saved.settings,
	});
	const keysOf = (run: Awaited<ReturnType<typeof executeHeadless>>, node: string) =>
		[...new Set(JSON.stringify(run.nodes[node]?.items.map((item) => item.json)).match(/"[a-z_]+_key"/g) ?? [])].sort();

	it("compat/0.1.0's backup workflow outputs the keys as saved; the same nodes at version 2 output none", async () => {
		expect(saved.nodes.find((node: any) => node.name === 'Create backup folder').typeVersion).toBe(1);
		const asSaved = await executeHeadless(n8n, (await createWorkflow(n8n.rest, imported('as saved'))).id);
		expect([asSaved.status, asSaved.nodes['Upload into backup']?.items.length > 0]).toEqual([0, true]);
		expect(keysOf(asSaved, 'Create backup folder')).toEqual(['"folder_edit_key"', '"folder_upload_key"']);
		expect(keysOf(asSaved, 'Upload into backup')).toEqual(['"file_delete_key"']);

		const asNew = await executeHeadless(n8n, (await createWorkflow(n8n.rest, imported('version 2', 2))).id);
		expect([asNew.status, asNew.nodes['Upload into backup']?.items.length > 0]).toEqual([0, true]);
		for (const node of ['Get user data', 'Create backup folder', 'List top-level folders', 'Upload into backup'])
			expect([node, keysOf(asNew, node)]).toEqual([node, []]);
	});
});

describe("our credentials chosen in n8n's HTTP Request node (predefined credential type)", () => {
	it('Svc Storage API signs a request to its own Base URL, and refuses to sign one to another address', async () => {
		const storage = credentials.find((record) => record.type === 'svcStorageApi')!;
		const httpNode = (name: string, url: string, x: number) => ({
			id: `http-${x}`,
			name,
			type: 'n8n-nodes-base.httpRequest',
			typeVersion: 4.2,
			position: [x, 0],
			parameters: { url, authentication: 'predefinedCredentialType', nodeCredentialType: 'svcStorageApi', options: {} },
			credentials: { svcStorageApi: { id: storage.id, name: storage.name } },
			onError: 'continueRegularOutput',
		});
		const foreign = 'http://localhost:9/api/get_storage_data.php';
		const workflow = await createWorkflow(n8n.rest, {
			name: 'HTTP Request with the Svc Storage credential',
			nodes: [
				manualStart(),
				httpNode('Own Base URL', `${sim.baseUrl}/api/get_storage_data.php`, 220),
				httpNode('Another address', foreign, 440),
			],
			connections: {
				Start: { main: [[{ node: 'Own Base URL', type: 'main', index: 0 }]] },
				'Own Base URL': { main: [[{ node: 'Another address', type: 'main', index: 0 }]] },
			},
			settings: { executionOrder: 'v1' },
		});
		const run = await executeHeadless(n8n, workflow.id);
		if (!run.nodes['Own Base URL']) throw new Error(`n8n execute gave no run data:\n${run.output.slice(-4000)}`);
		expect(run.nodes['Own Base URL'].items[0].json).toMatchObject({
			success: true,
			data: { used_mb: expect.anything() },
		});
		const refused = JSON.stringify(run.nodes['Another address'].items[0].json);
		expect(refused).toMatch(/sent only to http:\/\/127\.0\.0\.1/);
		expect(refused).not.toContain(String(storage.data.accessToken));
	});
});

describe("a file uploaded through n8n's HTTP Request node with the Svc Storage credential (Form-Data)", () => {
	it('is signed by the credential and stored whole', async () => {
		const storage = credentials.find((record) => record.type === 'svcStorageApi')!;
		const pro = sim.demo.pro;
		const content = randomBytes(256 * 1024);
		const source = sim.storage.addFile(
			pro.userId,
			sim.demo.folders.documents.hash,
			`http-upload-${Date.now()}.bin`,
			content,
		);
		const target = sim.storage.createFolder(pro.userId, pro.rootFolderHash, `http-upload-${Date.now()}`);
		const workflow = roundTripWorkflow('Upload through the HTTP Request node', storage, source.hash, target.hash) as {
			nodes: Array<Record<string, unknown>>;
		};
		// The download stays a Svc Storage node; the upload is n8n's own node calling upload_file.
		workflow.nodes[2] = workflowNode('Upload', 'n8n-nodes-base.httpRequest', 4.2, 440, {
			credentials: { svcStorageApi: { id: storage.id, name: storage.name } },
			parameters: {
				method: 'POST',
				url: `${sim.baseUrl}/api_v2/upload_file`,
				authentication: 'predefinedCredentialType',
				nodeCredentialType: 'svcStorageApi',
				sendBody: true,
				contentType: 'multipart-form-data',
				bodyParameters: {
					parameters: [
						{ parameterType: 'formData', name: 'folder_hash', value: target.hash },
						{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
					],
				},
				options: {},
			},
		});
		const created = await createWorkflow(n8n.rest, workflow);
		const run = await executeHeadless(n8n, created.id);
		expect([run.nodes.Download?.error, run.nodes.Upload?.error]).toEqual([undefined, undefined]);
		const copies = sim.storage.listChildren(target.hash);
		expect(copies).toHaveLength(1);
		expect(sha256(sim.storage.getFile(copies[0].hash)!.content)).toBe(sha256(content));
	});
});

describe("a download → upload round trip through n8n's binary store (1.x: in memory; 2.x: filesystem)", () => {
	it('a 5 MiB file downloaded and uploaded again keeps its SHA-256', async () => {
		const storage = credentials.find((record) => record.type === 'svcStorageApi')!;
		const pro = sim.demo.pro;
		const content = randomBytes(5 * 1024 * 1024);
		const source = sim.storage.addFile(
			pro.userId,
			sim.demo.folders.documents.hash,
			`round-trip-${Date.now()}.bin`,
			content,
		);
		const target = sim.storage.createFolder(pro.userId, pro.rootFolderHash, `round-trip-${Date.now()}`);
		const workflow = await createWorkflow(n8n.rest, roundTripWorkflow('Round trip', storage, source.hash, target.hash));
		const run = await executeHeadless(n8n, workflow.id);
		expect([run.nodes.Download?.error, run.nodes.Upload?.error]).toEqual([undefined, undefined]);
		expect(run.nodes.Download.items[0].json).toMatchObject({ size: content.length });
		const copies = sim.storage.listChildren(target.hash);
		expect(copies).toHaveLength(1);
		expect(sha256(sim.storage.getFile(copies[0].hash)!.content)).toBe(sha256(content));
	});
});

describe('the trigger templates, active under `n8n start`', () => {
	it('fire once for a change made in the simulator: a new file, a task whose status changed', async () => {
		const triggered = examples.filter((example) => !example.manual && !example.agent);
		expect(triggered.map((example) => example.file).sort()).toEqual([
			'dvs-status-change-mention.json',
			'storage-backup-new-files.json',
			'storage-new-files-to-dvs-tasks.json',
		]);
		for (const example of triggered) await activate(n8n.rest, example.id);
		// Activation polls once (the starting point); the next poll is at the next minute.
		await new Promise((wait) => setTimeout(wait, 3000));

		const pro = sim.accounts.all().find((account) => account.id === sim.demo.pro.userId)!;
		const file = sim.storage.addFile(
			pro.id,
			sim.demo.folders.documents.hash,
			'e2e-invoice.pdf',
			Buffer.from('%PDF-1.7 e2e'),
		);
		const admin = sim.dvs.seed.orgA.users.admin;
		const task = sim.dvs.store
			.documents(sim.dvs.seed.orgA.orgId, 'task')
			.find((document) => document.values.name === 'Design mockups')!;
		const updated = await fetch(`${sim.baseUrl}/api_dvs/task/update_document`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				user: admin.login,
				user_access_token: admin.token,
				dvs_document_id: task.id,
				update_params: { dropdown_status: sim.dvs.seed.orgA.options.taskStatus['In progress'] },
			}),
		});
		expect(updated.status).toBe(200);

		const byFile = Object.fromEntries(triggered.map((example) => [example.file, example.id]));
		const successes = async (workflowId: string) =>
			(await executionsOf(n8n.rest, workflowId)).filter((execution) => execution.status === 'success');
		for (const workflowId of Object.values(byFile)) {
			await waitFor(
				`an execution of ${workflowId}`,
				async () => ((await successes(workflowId)).length > 0 ? true : undefined),
				150_000,
			);
		}

		const [backup] = await successes(byFile['storage-backup-new-files.json']);
		expect(
			(await executionNodes(n8n.rest, backup.id))['Upload copy to Backup'].items.map((item) => item.json.file_name),
		).toEqual([`backup-${file.name}`]);
		const [intake] = await successes(byFile['storage-new-files-to-dvs-tasks.json']);
		const created = (await executionNodes(n8n.rest, intake.id))['Create review task'].items.map(
			(item) => sim.dvs.store.documentById(Number(item.json.dvs_document_id))?.values.name,
		);
		expect(created).toEqual([`Review ${file.name}`]);
		const [mention] = await successes(byFile['dvs-status-change-mention.json']);
		const comment = (await executionNodes(n8n.rest, mention.id))['Mention the responsible user'].items;
		expect(comment).toHaveLength(1);
		const responsible = Number(task.values.responsible);
		expect(sim.dvs.store.mentionedUsers(task.id)).toContain(responsible);

		// One change, one execution each: the next polls find nothing new.
		await new Promise((wait) => setTimeout(wait, 65_000));
		for (const workflowId of Object.values(byFile))
			expect([workflowId, (await successes(workflowId)).length]).toEqual([workflowId, 1]);
		for (const example of triggered) await deactivate(n8n.rest, example.id);
	});
});
