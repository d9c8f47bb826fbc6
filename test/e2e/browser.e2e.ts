/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The editor's views of our package (the journey through it is journey.e2e.ts): icons on the canvas,
 * the node panel, the credential a new node starts with, the output schemas n8n serves, the mapper, and the
 * options Add Option offers at each operation.
 */
import { join } from 'node:path';

import { NodeHelpers, type INodeProperties } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import { isN8n1 } from '../../devkit/n8n/runtime';
import { actionListOf } from '../nodes/editorActions';
import * as folderDelete from '../../nodes/SvcStorage/actions/folder/delete.operation';
import * as fileUpload from '../../nodes/SvcStorage/actions/file/upload.operation';
import { addAction, inputValues, openEditor, openNodePanel, parametersText, SCREENSHOTS, type Editor } from './editor';

let editor: Editor;
let page: Editor['page'];
let sim: Editor['sim'];
let n8n: Editor['n8n'];

beforeAll(
	async () => {
		editor = await openEditor();
		({ page, sim, n8n } = editor);
	},
	6 * 60 * 1000,
);

afterAll(async () => await editor?.close());

const shot = async (name: string) => await editor.shot(name);

/** Adds a node's action from the panel to a workflow that has its trigger already (so the panel offers actions); waits for its panel. */
async function addActionFromPanel(node: string, action: string, actionsShot?: string): Promise<void> {
	const example = editor.examples.find((record) => record.manual)!;
	await page.goto(`${n8n.url}/workflow/${example.id}`);
	await page.waitForSelector('[data-test-id="canvas-node"]');
	await addAction(page, node, action, actionsShot ? async () => await shot(actionsShot) : undefined);
	await page.waitForTimeout(1000);
}

/**
 * The open node's Options collection's "Add Option" select (1.123: a select in `.add-option`; 2.41: the select's own
 * `data-test-id`): opens it, returns the options it offers, in its order (shot open as `listShot` when given), and picks
 * the one labelled `pick`, else closes it.
 */
async function addOption({ pick, listShot }: { pick?: string; listShot?: string } = {}): Promise<string[]> {
	const select = page
		.locator('[data-test-id="node-parameters"]')
		.locator('[data-test-id="collection-parameter-add"], .add-option .el-select')
		.first();
	await select.click();
	// The select's own list (the editor keeps lists it closed in the page, hidden).
	const list = page.locator(
		`[id="${await select.locator('input[aria-controls]').first().getAttribute('aria-controls')}"]`,
	);
	const options = list.locator('.el-select-dropdown__item');
	await options.first().waitFor();
	const offered = (await options.allInnerTexts()).map((text) => text.trim());
	if (listShot) {
		await page.waitForTimeout(400); // the list fades in
		await shot(listShot);
	}
	if (pick)
		await options
			.filter({ hasText: new RegExp(`^\\s*${pick}\\s*$`) })
			.first()
			.click();
	else await page.keyboard.press('Escape');
	await list.waitFor({ state: 'hidden' });
	await page.waitForTimeout(500);
	return offered;
}

/**
 * The options the built Svc Storage node (its newest version, as n8n loads the package) declares in an operation's
 * Options collection, each name once: the operation's own (`actions/<resource>/<operation>.operation.ts`), and a
 * write's Earlier Uncertain Writes (`description/earlierUncertainWrites.ts`). With the Storage API credential a new
 * node starts on, every one of them is shown.
 */
function declaredOptions(resource: string, operation: string): string[] {
	const { description } = loadPackage().nodeTypes.getByNameAndVersion('n8n-nodes-svc.svcStorage');
	const version = Math.max(...[description.version].flat());
	const parameters = NodeHelpers.getNodeParameters(
		description.properties,
		{ resource, operation },
		true,
		false,
		null,
		description,
	)!;
	const collection = description.properties.find((property) => property.name === 'options')!;
	const shown = (collection.options as INodeProperties[]).filter((option) =>
		NodeHelpers.displayParameter(parameters, option, { typeVersion: version }, description),
	);
	return [...new Set(shown.map((option) => option.displayName))].sort((a, b) => a.localeCompare(b));
}

it('an example workflow renders every one of our nodes with its icon', async () => {
	const example = editor.examples.find((record) => record.file === 'dvs-task-intake.json')!;
	await page.goto(`${n8n.url}/workflow/${example.id}`);
	await page.waitForSelector('[data-test-id="canvas-node"]');
	await page.waitForLoadState('networkidle');
	await shot('workflow-dvs-task-intake');
	const svcNodes = example.workflow.nodes.filter((node) => node.type.startsWith('n8n-nodes-svc.'));
	const icons = await page
		.locator('[data-test-id="canvas-node"] img[src*="/icons/n8n-nodes-svc/"]')
		.evaluateAll((images) =>
			images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0),
		);
	expect(icons).toEqual(svcNodes.map(() => true));
	const labels = (await page.locator('[data-test-id="canvas-node"]').allInnerTexts()).flatMap((text) =>
		text.split('\n').map((line) => line.trim()),
	);
	for (const node of svcNodes) expect(labels).toContain(node.name);
});

it('the node panel finds our nodes by searching "Svc", and Svc MCP by its name', async () => {
	const names = await openNodePanel(page, 'Svc');
	await shot('node-panel-svc');
	expect(names.slice(0, 3).sort()).toEqual(['Svc DVS', 'Svc MCP', 'Svc Storage']);
	expect((await openNodePanel(page, 'Svc MCP'))[0]).toBe('Svc MCP');
});

it.each([
	['Svc Storage', 'svcStorage'],
	['Svc DVS', 'svcDvs'],
	['Svc MCP', 'svcMcp'],
])("%s lists every action exactly once, in the node's own wording", async (displayName, type) => {
	await openNodePanel(page, displayName);
	await page.click(`[data-test-id="node-creator-item-name"]:text-is("${displayName}")`);
	await page.waitForSelector('[data-test-id="node-creator-action-item"]');
	await shot(`actions-${type}`);
	if (type === 'svcStorage')
		await page.screenshot({ path: join(SCREENSHOTS, 'editor.jpg'), type: 'jpeg', quality: 80 });
	await page.waitForTimeout(500);
	// The search list slides out as the node's actions slide in: its entry for the node may still be there.
	const shown = (await page.locator('[data-test-id="node-creator-item-name"]').allTextContents())
		.map((name) => name.trim())
		.filter((name) => name !== displayName);
	const expected = actionListOf(loadPackage().nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${type}`).description).map(
		(action) => action.action,
	);
	expect([...shown].sort()).toEqual([...expected].sort());
	expect(new Set(shown).size).toBe(shown.length);
});

it("a saved agent's Svc Storage Tool opens with its operation's Tool Description and the inputs the model defines", async () => {
	const example = editor.examples.find((record) => record.file === 'agent-chat-over-svc.json')!;
	await page.goto(`${n8n.url}/workflow/${example.id}`);
	await page.locator('[data-test-id="canvas-node"][data-node-name="List a folder in Svc Storage"]').dblclick();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(1000);
	await shot('ndv-svcStorageTool');
	const shown = await parametersText(page);
	expect(shown).toMatch(/Tool Description/);
	const texts = await page
		.locator('[data-test-id="ndv"] textarea')
		.evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));
	expect(texts.join('\n')).toContain('List a folder in Svc Storage: List the files and subfolders');
	// The folder and Return All are the model's: their `$fromAI` defaults, as the editor shows a tool's.
	expect(shown).toMatch(/Folder[\s\S]*\$fromAI\('folder'[\s\S]*Return All[\s\S]*\$fromAI\('returnAll'/);
	expect(shown).not.toMatch(/Include Capability Keys/);
	// n8n 1.123's editor previews a `$fromAI` default as "undefined" under it (so it did for the tool n8n made
	// before the package shipped its own); 2.41's previews nothing there.
	if (!isN8n1()) expect(shown).not.toMatch(/\bundefined\b/);
	// n8n's editor takes it for a tool: its input is what the model sends.
	expect(await page.locator('[data-test-id="ndv"]').innerText()).toMatch(/From AI/);
	await page.keyboard.press('Escape');
});

it('a trigger added from the panel opens with a short notice, and the OAuth2 credential form shows no error once Base URL is filled in', async () => {
	await page.goto(`${n8n.url}/workflow/new`);
	await page.waitForSelector('[data-test-id="canvas-wrapper"]');
	await openNodePanel(page, 'Svc DVS');
	await page.click('[data-test-id="node-creator-item-name"]:text-is("Svc DVS")');
	await page.waitForTimeout(800);
	await shot('triggers-svcDvs');
	const triggers = (await page.locator('[data-test-id="node-creator-item-name"]').allTextContents()).map((name) =>
		name.trim(),
	);
	expect(triggers.join(' | ')).toMatch(/task/i);
	await page.locator('[data-test-id="node-creator-item-name"]').first().click();
	await page.waitForSelector('[data-test-id="ndv"]', { timeout: 30_000 });
	await page.waitForTimeout(1000);
	await shot('ndv-svcDvsTrigger');
	// The trigger starts with the DVS API credential although the MCP one is the newest saved.
	const values = await inputValues(page);
	expect(values).toContain('Svc DVS account (demo)');
	const notices = await page
		.locator('[data-test-id="ndv"] [data-test-id="parameter-input-notice"], [data-test-id="ndv"] .notice')
		.allTextContents();
	for (const notice of notices) expect(notice.trim().split(/(?<=[.!?])\s+/).length).toBeLessThanOrEqual(3);

	// A fresh OAuth2 credential with only its Base URL, opened in the editor's credential modal.
	const fresh = await n8n.rest.request<{ id: string }>('POST', '/rest/credentials', {
		name: 'Svc MCP OAuth2 (browser)',
		type: 'svcMcpOAuth2Api',
		data: { baseUrl: sim.baseUrl, clientId: 'browser-check' },
	});
	await page.goto(`${n8n.url}/home/credentials/${fresh.id}`);
	await page.waitForSelector('[data-test-id="editCredential-modal"]', { timeout: 30_000 });
	await page.waitForTimeout(1500);
	await shot('credential-svcMcpOAuth2Api');
	const form = await page.locator('[data-test-id="editCredential-modal"]').innerText();
	expect(form).not.toMatch(/\bundefined\b|ERROR:/);
});

it('a new Svc Storage node starts on the Storage credential although an MCP credential is the newest, and shows Authentication as a choice', async () => {
	await n8n.rest.request('POST', '/rest/credentials', {
		name: 'Svc MCP-Endpoint account (newest)',
		type: 'svcMcpApi',
		data: { baseUrl: sim.baseUrl, userId: String(sim.demo.pro.userId), apiToken: sim.demo.pro.apiToken },
	});
	await addActionFromPanel('Svc Storage', 'Create a folder', 'actions-svcStorage-most-used-first');
	await shot('ndv-svcStorage-new');
	const values = await inputValues(page);
	expect(values).toContain('Svc Storage account (demo)');
	expect(values.filter((value) => value.startsWith('Svc MCP'))).toEqual([]);
	expect(await parametersText(page)).toMatch(/Authentication/);
});

it("n8n serves each operation's output schema from the installed package, where the editor asks for it, per node version", async () => {
	for (const [node, path, field] of [
		['svcStorage', 'folder/create', 'folder_hash'],
		// A tool node's output goes to the model: the editor shows the same fields for it.
		['svcStorageTool', 'folder/getContent', 'folder_name'],
		['svcDvs', 'task/create', 'dvs_document_id'],
		['svcMcp', 'tool/list', 'name'],
	]) {
		const response = await page.request.get(`${n8n.url}/schemas/n8n-nodes-svc.${node}/1.0.0/${path}.json`);
		expect([path, response.status()]).toEqual([path, 200]);
		expect(Object.keys(((await response.json()) as { properties: Record<string, unknown> }).properties)).toContain(
			field,
		);
	}
	// Each node version has its own: version 1's shows a created folder's keys, version 2's (a node added now) none.
	const fieldsAt = async (version: string) =>
		Object.keys(
			(
				(await (
					await page.request.get(`${n8n.url}/schemas/n8n-nodes-svc.svcStorage/${version}/folder/create.json`)
				).json()) as { properties: Record<string, unknown> }
			).properties,
		);
	expect(await fieldsAt('1.0.0')).toContain('folder_edit_key');
	const latest = await fieldsAt('2.0.0');
	expect([latest.includes('folder_hash'), latest.filter((name) => name.endsWith('_key'))]).toEqual([true, []]);
});

it("before any run, the next node's input shows a Svc node's output fields from its schema, ready to map", async () => {
	const example = editor.examples.find((record) => record.file === 'dvs-task-intake.json')!;
	await page.goto(`${n8n.url}/workflow/${example.id}`);
	await page.locator('[data-test-id="canvas-node"][data-node-name="Comment"]').dblclick();
	const input = page.locator('[data-test-id="ndv-input-panel"]', { hasText: 'Usually outputs the following fields' });
	await input.waitFor({ timeout: 30_000 });
	await shot('ndv-input-from-output-schema');
	const shown = await input.innerText();
	expect(shown).toContain('Create task');
	for (const field of ['dvs_document_id', 'full_number', 'followers']) expect(shown).toContain(field);
	await page.keyboard.press('Escape');
});

it("Svc DVS → Create a task: the field mapper waits for the project with a neutral notice (no error in red), then lists the register's fields", async () => {
	await addActionFromPanel('Svc DVS', 'Create a task');
	await shot('ndv-svcDvs-create-task-before-project');
	const values = await inputValues(page);
	expect(values).toContain('Svc DVS account (demo)');
	const before = await parametersText(page);
	expect(before).toMatch(/Pick the task's project first/);
	expect(before).not.toMatch(/no writable fields|does not have any credentials/i);

	// The project by its ID: the mapper then lists the register's fields, the due date as a date.
	await page.locator('[data-test-id="ndv"] [data-test-id="rlc-mode-selector"]').first().click();
	await page.locator('.el-select-dropdown__item:visible', { hasText: 'By ID' }).first().click();
	await page
		.locator(
			'[data-test-id="ndv"] [data-test-id="rlc-input"] input, [data-test-id="ndv"] input[data-test-id="rlc-input"]',
		)
		.first()
		.fill(String(sim.dvs.seed.orgA.projects.website));
	await page.keyboard.press('Tab');
	await page
		.waitForSelector(
			'[data-test-id="ndv"] [data-test-id="mapping-fields-container"], [data-test-id="ndv"] .resource-mapper-field',
			{ timeout: 30_000 },
		)
		.catch(() => undefined);
	await page.waitForTimeout(2500);
	await shot('ndv-svcDvs-create-task-fields');
	const after = await parametersText(page);
	expect(after).not.toMatch(/Pick the task's project first/);
	expect(after).toMatch(/Name/);
	expect(after).toMatch(/Priority/);
});

it("Svc Storage's Add Option offers each operation its own options: Upload its If Name Exists and watermark, Folder → Delete only the common ones", async () => {
	await addActionFromPanel('Svc Storage', fileUpload.option.action);
	const upload = await addOption({ listShot: 'ndv-svcStorage-upload-add-option' });
	expect(upload).toEqual(expect.arrayContaining(['If Name Exists', 'Watermark Text', 'Timeout']));
	expect(upload).toEqual(declaredOptions('file', 'upload'));

	// The option added shows its field, with its default, and leaves the list.
	expect(await addOption({ pick: 'If Name Exists' })).toEqual(upload);
	await page.locator('[data-test-id="node-parameters"] [data-test-id="parameter-input-ifNameExists"]').waitFor();
	await shot('ndv-svcStorage-upload-if-name-exists');
	expect(await parametersText(page)).toMatch(/If Name Exists/);
	expect(await inputValues(page)).toContain('Keep Both');
	expect(await addOption()).toEqual(upload.filter((name) => name !== 'If Name Exists'));

	await addActionFromPanel('Svc Storage', folderDelete.option.action);
	const deletion = await addOption({ listShot: 'ndv-svcStorage-folder-delete-add-option' });
	expect(deletion).toContain('Timeout');
	expect(deletion).not.toContain('If Name Exists');
	expect(deletion).not.toContain('Watermark Text');
	expect(deletion).toEqual(declaredOptions('folder', 'delete'));
});
