/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- this file runs in Node under the test tools, never inside n8n */
/**
 * The editor as a user meets it: Debian's chromium (headless, loopback only) driven by playwright-core
 * against the n8n that `npm start` runs, with the demo's credentials and templates imported. The
 * helpers do what a user does with the mouse and keyboard, by n8n's own `data-test-id`s, and wait
 * for what the user would wait for. Screenshots go to .tmp/screenshots/ for a person to look at;
 * those the README shows also to .tmp/screenshots/readme/ (docs/screenshots/ holds their copies); n8n 1.123's
 * go to .tmp/screenshots/n8n-1.123/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromium, type Browser, type Page } from 'playwright-core';

import { startDemoSimulator } from '../../devkit/demo';
import { importDemo, type ExampleRecord } from '../../scripts/n8n/demo';
import { isN8n1, n8nLine, OWNER, PROJECT_ROOT, startN8n, type RunningN8n } from '../../devkit/n8n/runtime';
import type { ServiceSimulator } from '../../devkit/simulator';
import { executionNodes, requireSystemTool, waitFor, type ExecutionSummary } from './helpers';

/** Where this line's screenshots go: the newest line's in .tmp/screenshots/, the README's taken from those. */
export const SCREENSHOTS = join(PROJECT_ROOT, '.tmp', 'screenshots', ...(isN8n1() ? [`n8n-${n8nLine()}`] : []));

export interface Editor {
	sim: ServiceSimulator;
	n8n: RunningN8n;
	examples: ExampleRecord[];
	page: Page;
	/** Saves what the browser shows; `readme` also as the JPEG the README uses. */
	shot: (name: string, options?: { readme?: boolean }) => Promise<void>;
	close: () => Promise<void>;
}

/** The demo simulator, a real n8n with the demo imported, and a signed-in browser page. */
export async function openEditor(): Promise<Editor> {
	mkdirSync(join(SCREENSHOTS, 'readme'), { recursive: true });
	const sim = await startDemoSimulator();
	let examples: ExampleRecord[] = [];
	let n8n: RunningN8n | undefined;
	let browser: Browser | undefined;
	const close = async () => {
		await browser?.close();
		await n8n?.stop();
		await sim.close();
	};
	try {
		n8n = await startN8n({
			beforeStart: async (bin, env) => {
				({ examples } = await importDemo(bin, env, sim));
			},
		});
		if (!process.env.CHROMIUM_PATH) requireSystemTool('chromium', 'apt-get install chromium');
		browser = await chromium.launch({
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: ['--no-sandbox'],
			headless: true,
		});
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		// Loopback only: anything else the editor asks for (fonts, telemetry) is refused.
		await page.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
		await page.goto(`${n8n.url}/signin`);
		await page.fill('input[type="email"]', OWNER.email);
		await page.fill('input[type="password"]', OWNER.password);
		await page.keyboard.press('Enter');
		await page.waitForURL(/home|workflows|projects/, { timeout: 60_000 });
		const shot = async (name: string, options: { readme?: boolean } = {}) => {
			await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
			if (options.readme)
				await page.screenshot({ path: join(SCREENSHOTS, 'readme', `${name}.jpg`), type: 'jpeg', quality: 70 });
		};
		return { sim, n8n, examples, page, shot, close };
	} catch (error) {
		await close();
		throw error;
	}
}

const SEARCH_BAR = 'input[data-test-id="node-creator-search-bar"], [data-test-id="node-creator-search-bar"] input';
const NDV_PARAMETERS = '[data-test-id="node-parameters"]';

/** Types into the node panel's search and returns the names it then lists (once one of them has the text). */
export async function searchPanel(page: Page, text: string): Promise<string[]> {
	await page.locator(SEARCH_BAR).first().fill(text);
	// A text given to hasText matches any part of a name, whatever its case.
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: text })
		.first()
		.waitFor({ timeout: 15_000 })
		.catch(() => undefined);
	await page.waitForTimeout(300);
	return (await page.locator('[data-test-id="node-creator-item-name"]').allTextContents()).map((name) => name.trim());
}

/** Opens the node panel from the canvas's + button and searches it. */
export async function openNodePanel(page: Page, search: string): Promise<string[]> {
	await page.keyboard.press('Escape');
	await page.click('[data-test-id="node-creator-plus-button"]');
	return await searchPanel(page, search);
}

/** The + on a canvas node's main output that has no connection yet: the last one is the node added last. */
const FREE_OUTPUT =
	'[data-test-id="canvas-node-output-handle"][data-connection-type="main"] [data-test-id="canvas-handle-plus"]';

/**
 * Adds a node's action from the panel, connected after the node added last (the + on its output, as a user drags a
 * chain; the canvas's own + button connects to whichever node the editor last selected, which a busy machine's
 * Escape or click can change: seen once in CI as a task node left unconnected), and waits for its parameters.
 */
export async function addAction(
	page: Page,
	node: string,
	action: string,
	beforePick?: () => Promise<void>,
): Promise<void> {
	const actions = page.locator('[data-test-id="node-creator-action-item"]').first();
	const edges = page.locator('[data-test-id="edge"]');
	const edgesBefore = await edges.count();
	const after = page.locator(FREE_OUTPUT);
	const connects = (await after.count()) > 0;
	for (let attempt = 1; ; attempt++) {
		if (connects) {
			await page.keyboard.press('Escape');
			// The chain grows past the canvas's right edge: the user's Zoom to Fit brings its end into view.
			await page.click('[data-test-id="zoom-to-fit"]');
			await after.last().click();
			await searchPanel(page, node);
		} else await openNodePanel(page, node);
		await page.click(`[data-test-id="node-creator-item-name"]:text-is("${node}")`);
		try {
			await actions.waitFor({ timeout: 20_000 });
			break;
		} catch (error) {
			// Seen once in CI on a busy machine: the click on the node went unanswered while the panel was
			// still filtering. The panel is n8n's: one more try from a fresh panel, with the evidence kept.
			await page.screenshot({ path: join(SCREENSHOTS, `failed-add-action-${attempt}.png`) });
			if (attempt === 2) {
				const panel = await page
					.locator('[data-test-id="node-creator"]')
					.innerText()
					.catch(() => '(no node panel open)');
				throw new Error(
					`the panel never listed ${node}'s actions after a click on it; it shows:\n${panel.slice(0, 1500)}`,
					{ cause: error },
				);
			}
		}
	}
	await beforePick?.();
	await page.click(`[data-test-id="node-creator-item-name"]:text-is("${action}")`);
	await page.waitForSelector(NDV_PARAMETERS, { timeout: 30_000 });
	if (connects)
		await page.waitForFunction(
			(count) => document.querySelectorAll('[data-test-id="edge"]').length > count,
			edgesBefore,
			{ timeout: 10_000 },
		);
	await page.waitForTimeout(1000);
}

/** Closes the open node: the panel's close button (2.x), "Back to canvas" (1.x). */
export async function closeNode(page: Page): Promise<void> {
	await page
		.locator('[data-test-id="ndv-close-button"]')
		.or(page.locator('[data-test-id="back-to-canvas"]'))
		.first()
		.click();
	await page.waitForSelector(NDV_PARAMETERS, { state: 'detached' });
}

/** The values of the open node's inputs (a credential's name shows as one). */
export async function inputValues(page: Page): Promise<string[]> {
	return await page
		.locator('[data-test-id="ndv"] input')
		.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

/** Opens the node's credential list, returns what it offers and picks the credential named `name`. */
export async function chooseCredential(page: Page, name: string): Promise<string[]> {
	await page.click('[data-test-id="node-credentials-select"]');
	const options = page.locator('.el-select-dropdown__item:visible');
	await options.first().waitFor();
	const offered = (await options.allInnerTexts()).map((text) => text.trim());
	await options.filter({ hasText: name }).first().click();
	await page.waitForTimeout(500);
	return offered;
}

/**
 * Saves the open credential form once its test passes and leaves the form: n8n 2.x closes it by itself,
 * 1.x shows "Connection tested successfully" and stays open until closed.
 */
export async function saveCredential(page: Page): Promise<void> {
	const modal = page.locator('[data-test-id="editCredential-modal"]');
	await modal.locator('[data-test-id="credential-save-button"]').click();
	for (let waited = 0; (await modal.count()) > 0 && waited < 30_000; waited += 500) {
		if (await modal.getByText('Connection tested successfully').isVisible()) {
			await modal.locator('.el-dialog__headerbtn').first().click();
			break;
		}
		await page.waitForTimeout(500);
	}
	await modal.waitFor({ state: 'detached', timeout: 30_000 });
}

export async function parametersText(page: Page): Promise<string> {
	return await page.locator(NDV_PARAMETERS).innerText();
}

/** Opens a resource locator's list (searching it when asked), returns what it listed and picks the entry that reads `item`. */
export async function pickFromList(page: Page, parameter: string, item: string, search?: string): Promise<string[]> {
	await page.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`).click();
	await page.waitForSelector('[data-test-id="rlc-item"]');
	const entry = page
		.locator('[data-test-id="rlc-item"]')
		.filter({ hasText: new RegExp(`^\\s*${item.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
	if (search) {
		await page.locator('input[data-test-id="rlc-search"], [data-test-id="rlc-search"] input').first().fill(search);
		await entry.first().waitFor();
	}
	const listed = (await page.locator('[data-test-id="rlc-item"]').allInnerTexts()).map((text) => text.trim());
	await entry.first().click();
	await page.waitForTimeout(800);
	return listed;
}

export async function fillParameter(page: Page, parameter: string, value: string): Promise<void> {
	await page
		.locator(`${NDV_PARAMETERS} [data-test-id="parameter-input-${parameter}"]`)
		.locator('input, textarea')
		.first()
		.fill(value);
}

/** Opens a select (or multi-select), returns its options and picks those labelled `labels`. */
export async function choose(page: Page, parameter: string, ...labels: string[]): Promise<string[]> {
	const field = page.locator(`${NDV_PARAMETERS} [data-test-id="parameter-input-${parameter}"]`);
	await field.click();
	// This select's own list (another one may still be fading out).
	const list = page.locator(
		`[id="${await field.locator('input[aria-controls]').first().getAttribute('aria-controls')}"]`,
	);
	const options = list.locator('.el-select-dropdown__item');
	await options.first().waitFor();
	const listed = (await options.allInnerTexts()).map((text) => text.trim());
	for (const label of labels) {
		await options.filter({ hasText: label }).first().click();
		await page.waitForTimeout(300);
	}
	await page.keyboard.press('Escape');
	await list.waitFor({ state: 'hidden' });
	return listed;
}

/** Gives a parameter an expression, typed as a user types it (the editor closes the braces). */
export async function typeExpression(page: Page, parameter: string, expression: string): Promise<void> {
	await page
		.locator(`[data-test-id="${parameter}-parameter-input-options-container"] [data-test-id="radio-button-expression"]`)
		.click();
	const editor = page.locator(`${NDV_PARAMETERS} [data-test-id="parameter-input-${parameter}"] .cm-content`).first();
	await editor.click();
	await page.keyboard.press('Control+a');
	await page.keyboard.type(expression);
	await page.keyboard.press('Escape');
}

/** Runs the open node (Execute step, or a trigger's Fetch Test Event) and returns what its output panel shows once it shows `shows`. */
export async function executeStep(page: Page, shows: RegExp | string): Promise<string> {
	await page.click('[data-test-id="node-execute-button"]');
	return await outputShowing(page, shows);
}

/** What the open node's output panel shows once it shows `shows` (a screenshot and the node's text if it never does). */
export async function outputShowing(page: Page, shows: RegExp | string): Promise<string> {
	const output = page.locator('[data-test-id="output-panel"]', { hasText: shows });
	try {
		await output.waitFor({ timeout: 60_000 });
	} catch (error) {
		await page.screenshot({ path: join(SCREENSHOTS, 'failed-step.png') });
		const shown = await page
			.locator('[data-test-id="ndv"]')
			.innerText()
			.catch(() => '(no node open)');
		throw new Error(`the output never showed ${String(shows)}; the node shows:\n${shown.slice(0, 1500)}`, {
			cause: error,
		});
	}
	return await output.innerText();
}

const ENDED = (status: string) => !['new', 'running', 'waiting'].includes(status);
/** The marks a canvas node shows for how it ran (beside marks such as execute-once, or mark-success on hover). */
const RUN_MARKS = ['success', 'error', 'warning', 'issues', 'pinned', 'waiting', 'running'];
const runMark = (mark: string) => `[data-test-id="canvas-node-status-${mark}"]`;

/**
 * Runs the workflow on the canvas with Execute workflow, as a user does, and returns its execution, with how each
 * node ended (`nodes`), once n8n has ended it and the canvas shows every node's status. A click that starts no
 * execution is made once more.
 */
export async function executeWorkflow(editor: Editor): Promise<ExecutionSummary & { nodes: string[] }> {
	const { page } = editor;
	const { rest } = editor.n8n;
	const newest = async () =>
		(await rest.request<{ results: ExecutionSummary[] }>('GET', '/rest/executions?limit=1')).results[0];
	const before = (await newest())?.id;
	let started: ExecutionSummary;
	for (let attempt = 1; ; attempt++) {
		await page.click('[data-test-id="execute-workflow-button"]');
		try {
			started = await waitFor(
				'an execution to start',
				async () => {
					const execution = await newest();
					return execution && execution.id !== before ? execution : undefined;
				},
				20_000,
			);
			break;
		} catch (error) {
			// The editor's button, like its node panel (addAction), may miss a click on a busy machine.
			await page.screenshot({ path: join(SCREENSHOTS, `failed-execute-workflow-${attempt}.png`) });
			if (attempt === 2) throw new Error(`two clicks on Execute workflow started no execution`, { cause: error });
		}
	}
	const ended = await waitFor(
		`execution ${started.id} to end`,
		async () => {
			const execution = await newest();
			return execution?.id === started.id && ENDED(execution.status) ? execution : undefined;
		},
		120_000,
	);
	const nodeCount = await page.locator('[data-test-id="canvas-node"]').count();
	try {
		await page
			.locator(
				RUN_MARKS.filter((mark) => mark !== 'running')
					.map(runMark)
					.join(', '),
			)
			.nth(nodeCount - 1)
			.waitFor({ timeout: 60_000 });
	} catch (error) {
		await page.screenshot({ path: join(SCREENSHOTS, 'failed-execute-workflow-canvas.png') });
		const shown = await canvasStatuses(page);
		throw new Error(
			`execution ${ended.id} ended ${ended.status}, but the canvas shows ${JSON.stringify(shown)}; ` +
				`n8n kept ${(await ranNodes(rest, ended.id)).join('; ')}`,
			{ cause: error },
		);
	}
	return { ...ended, nodes: await ranNodes(rest, ended.id) };
}

/** How each node of a stored execution ended, as a person reads it: its error, or how many items it output. */
async function ranNodes(rest: RunningN8n['rest'], executionId: string): Promise<string[]> {
	return await executionNodes(rest, executionId)
		.then((nodes) =>
			Object.entries(nodes).map(([name, node]) => `${name}: ${node.error ?? `${node.items.length} items`}`),
		)
		.catch((reason: unknown) => [`(n8n's record of the run could not be read: ${String(reason)})`]);
}

/** Each node on the canvas by its name, with the marks it shows for how it ran (success, error, running, ...). */
export async function canvasStatuses(page: Page): Promise<Record<string, string[]>> {
	const nodes = page.locator('[data-test-id="canvas-node"]');
	const shown: Record<string, string[]> = {};
	for (const node of await nodes.all()) {
		const name = (await node.getAttribute('data-node-name')) ?? '(unnamed)';
		const statuses = await node
			.locator(RUN_MARKS.map(runMark).join(', '))
			.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-test-id') ?? ''));
		shown[name] = statuses.map((status) => status.replace('canvas-node-status-', ''));
	}
	return shown;
}
