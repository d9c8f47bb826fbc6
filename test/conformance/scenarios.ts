/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance) driving our client: each
 * client scenario that applies to a workflow node, with the node in Auto and with a pinned
 * initialization-based revision. The suite starts its own server for each scenario and launches
 * `client.ts` against it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** The client scenarios that apply; the README says why the others do not. */
export const SCENARIOS = ['initialize', 'tools_call', 'sse-retry'] as const;
export const REVISIONS = ['auto', '2025-11-25'] as const;

export interface ScenarioOutcome {
	scenario: string;
	revision: string;
	passed: boolean;
	checks: Array<{ id: string; status: string; errorMessage?: string }>;
	output: string;
}

function checksIn(folder: string): ScenarioOutcome['checks'] {
	const found: ScenarioOutcome['checks'] = [];
	for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
		if (entry.isFile() && entry.name === 'checks.json') {
			found.push(
				...(JSON.parse(readFileSync(join(entry.parentPath, entry.name), 'utf8')) as ScenarioOutcome['checks']),
			);
		}
	}
	return found;
}

export async function runScenario(scenario: string, revision: string): Promise<ScenarioOutcome> {
	const output = mkdtempSync(join(tmpdir(), 'svc-conformance-'));
	try {
		const child = spawn(
			process.execPath,
			[
				CLI,
				'client',
				'--command',
				`${TSX} ${join(ROOT, 'test/conformance/client.ts')}`,
				'--scenario',
				scenario,
				'-o',
				output,
			],
			{
				cwd: ROOT,
				env: { ...process.env, SVC_CONFORMANCE_REVISION: revision, NO_COLOR: '1' },
			},
		);
		let text = '';
		child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
		child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
		const code = await new Promise<number>((done) => child.on('close', (status) => done(status ?? 1)));
		const checks = checksIn(output).filter((check) => check.status !== 'INFO');
		const passed = code === 0 && checks.length > 0 && checks.every((check) => check.status === 'SUCCESS');
		return { scenario, revision, passed, checks, output: text };
	} finally {
		rmSync(output, { recursive: true, force: true });
	}
}
