/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * The bad-answer suite: every action of Svc Storage and Svc DVS (REST and MCP) answered with a
 * 2xx that is not the documented answer - a login page, cut JSON, an empty body, `success:
 * false`, an empty object or list, a zero id - and how many of those became a success. A write
 * whose answer was bad may still succeed by reading the destination back (`reconciled: true`):
 * that result comes from the read-back, not from the bad body. Its cases are the routers': each operation, over
 * each API its file declares, run as its case in devkit/operationCases.ts says and answered badly at the action
 * the case names.
 *
 *   npm run bad-answers
 */
import { warpTime, type NodeRunResult } from '../../devkit/harness';
import { ALL_TOOLS_ON, byId, parityEnvOf, type Auth, type ParityEnv } from '../nodes/parity/env';
import { startWriteSimulator } from '../nodes/recovery/env';
import { caseOf, routedOperations, type RoutedOperation } from '../routedOperations';
import type { ServiceSimulator } from '../../devkit/simulator';
import { BAD_ANSWER_BODIES, type BadAnswerBody, type FaultMatch } from '../../devkit/simulator/types';

interface ActionCase {
	name: string;
	auth: Auth;
	match: FaultMatch;
	/** Bodies the document allows for this action (an empty list; "no documented data"): not invalid here. */
	documented?: BadAnswerBody[];
	run(env: ParityEnv, sim: ServiceSimulator): Promise<NodeRunResult>;
}

/** A case of an operation's run: its case's parameters and input, over one credential. */
function runOf(routed: RoutedOperation, auth: Auth): ActionCase['run'] {
	const declared = caseOf(routed);
	const { resource, operation } = routed;
	return async (env, sim) => {
		const parameters = { resource, operation, ...declared.parameters(sim) };
		const extra = declared.input ? { input: declared.input() } : {};
		return routed.node === 'SvcDvs'
			? await env.dvs(auth, parameters, extra)
			: await env.storage(auth, parameters, extra);
	};
}

/** Each action an operation of Svc Storage and Svc DVS is answered with, over each API its file declares. */
function operationCases(): ActionCase[] {
	return routedOperations('SvcStorage', 'SvcDvs').flatMap((routed) =>
		routed.declared.runsOver.flatMap((auth): ActionCase[] => {
			const { rest, mcp } = caseOf(routed).answers;
			const answer = auth === 'rest' ? rest : mcp;
			if (!answer) return [];
			return [
				{
					name: `${routed.resource}.${routed.operation}`,
					auth,
					match: auth === 'rest' && rest ? { action: rest.action } : { mcpTool: mcp!.tool },
					documented: answer.documented ?? [],
					run: runOf(routed, auth),
				},
			];
		}),
	);
}

/** What an operation's own case does not reach: a folder given by its path from ROOT over MCP. */
const BY_PATH: ActionCase = {
	name: 'folder.getContent by path',
	auth: 'mcp',
	// The path is walked from svc_get_root_folder's answer.
	match: { mcpTool: 'svc_get_root_folder' },
	run: async (env, sim) => {
		const pro = sim.demo.pro;
		const folder = sim.storage.createFolder(
			pro.userId,
			pro.rootFolderHash,
			`bad-${Math.random().toString(36).slice(2, 8)}`,
		);
		return await env.storage('mcp', { resource: 'folder', operation: 'getContent', folder: byId(`/${folder.name}`) });
	},
};

export const ACTION_CASES: ActionCase[] = [...operationCases(), BY_PATH];

export interface BadAnswerRow {
	action: string;
	body: BadAnswerBody;
	/** The node output the bad body as a result. */
	acceptedAsSuccess: boolean;
	/** A write found by reading back, after the bad answer. */
	reconciled: boolean;
	said: string;
	/** The bad body was given: the action's request was made. */
	reached: boolean;
}

/** Runs every action with every bad body. Time runs 100 times faster (a write's settle window). */
export async function runBadAnswerSuite(): Promise<BadAnswerRow[]> {
	const endWarp = warpTime(100);
	const sim = await startWriteSimulator();
	const rows: BadAnswerRow[] = [];
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		const env = parityEnvOf(() => sim);
		for (const action of ACTION_CASES) {
			for (const body of BAD_ANSWER_BODIES.filter((candidate) => !action.documented?.includes(candidate))) {
				sim.faults.clear();
				// A write stored a moment after it arrived: its read-back can tell it from another writer's.
				const fault = sim.faults.add({ match: action.match, fault: { kind: 'badAnswer', body, storedLaterMs: 2000 } });
				const result = await action.run(env, sim);
				const reconciled =
					!result.error && result.items.length > 0 && result.items.every((item) => item.json.reconciled === true);
				rows.push({
					action: `${action.auth} ${action.name}`,
					body,
					acceptedAsSuccess: !result.error && !reconciled,
					reconciled,
					reached: fault.hits > 0,
					said: result.error
						? result.error.message
						: `success: ${JSON.stringify(result.items.map((item) => item.json)).slice(0, 120)}`,
				});
			}
		}
	} finally {
		endWarp();
		await sim.close();
	}
	return rows;
}

export function badAnswerLine(rows: BadAnswerRow[]): string {
	return `bad answers: ${rows.length} invalid 2xx bodies, ${rows.filter((row) => row.acceptedAsSuccess).length} became a success`;
}

async function main(): Promise<void> {
	const rows = await runBadAnswerSuite();
	const actions = [...new Set(rows.map((row) => row.action))];
	console.log(`| action | invalid 2xx bodies | became a success | found by reading back |`);
	console.log('|---|---|---|---|');
	for (const action of actions) {
		const own = rows.filter((row) => row.action === action);
		console.log(
			`| ${action} | ${own.length} | ${own.filter((row) => row.acceptedAsSuccess).length} | ${own.filter((row) => row.reconciled).length} |`,
		);
	}
	for (const row of rows.filter((entry) => entry.acceptedAsSuccess))
		console.log(`accepted: ${row.action} / ${row.body}: ${row.said}`);
	console.log(badAnswerLine(rows));
	process.exitCode = rows.some((row) => row.acceptedAsSuccess) ? 1 : 0;
}

if (require.main === module) void main();
