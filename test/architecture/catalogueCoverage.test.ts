/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The suites that go through every action read the catalogues (restCatalogue.ts, mcp/toolCatalogue.ts)
 * and the routers' declarations, so a new action or operation a suite forgets fails here instead of
 * being skipped quietly: chaos covers every write, the bad-answer suite every action with an answer,
 * parity every operation both APIs offer. An operation declared in devkit/operationCases.ts is covered by
 * all three from its declaration (a write that makes nothing is left out of chaos for that reason). Each
 * gap a suite leaves on purpose is listed with its reason. (The output schemas' runs are checked against
 * the routers by test/schemas/outputSchemas.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { REST_ACTIONS } from '../../nodes/shared/transport/restCatalogue';
import { DOCUMENTED_PREFIX } from '../../nodes/shared/transport/mcp/toolList';
import { MCP_TOOL_ROWS, toolWrites } from '../../nodes/shared/transport/mcp/toolCatalogue';
import type { Operations } from '../../nodes/shared/description/operation';
import { storageActions } from '../../nodes/SvcStorage/actions/router';
import { dvsActions } from '../../nodes/SvcDvs/actions/router';
import { ACTION_CASES } from '../reliability/badAnswers';
import { WRITE_OPERATIONS } from '../reliability/operations';
import { OPERATION_CASES } from '../../devkit/operationCases';
import type { FaultMatch } from '../../devkit/simulator/types';

/**
 * Every row as the suites' fault matches name it (`rest create_folder`, `mcp svc_create_folder`): the
 * writes, or every row with an answer to check (a download's answer is the file).
 */
function rows(write?: boolean): string[] {
	return [
		...REST_ACTIONS.filter((row) => (write === undefined ? row.answer !== undefined : row.write === write)).map(
			(row) => `rest ${row.name}`,
		),
		...MCP_TOOL_ROWS.filter((row) => write === undefined || toolWrites(row) === write).map(
			(row) => `mcp ${DOCUMENTED_PREFIX}${row.suffix}`,
		),
	];
}

function matched(matches: FaultMatch[]): Set<string> {
	return new Set(
		matches.flatMap((match) => [
			...(match.action ? [`rest ${match.action}`] : []),
			...(match.mcpTool ? [`mcp ${match.mcpTool}`] : []),
		]),
	);
}

/** What a suite leaves out on purpose, and why; a row both covered and listed here fails too. */
function gaps(all: string[], covered: Set<string>, excluded: Record<string, string>): string[] {
	return all
		.filter((row) => covered.has(row) === row in excluded)
		.map((row) =>
			covered.has(row)
				? `${row} is covered but listed as excluded`
				: `${row} is not covered: declare its operation in devkit/operationCases.ts, or give the suite a case`,
		);
}

/** Chaos counts the objects a write creates, duplicated or lost: these writes create none. */
const CREATES_NOTHING = 'changes an existing item or a stored value: nothing to duplicate or lose';
const CHAOS_EXCLUDED: Record<string, string> = Object.fromEntries(
	[
		'rest rename_folder',
		'rest rename_file',
		'rest delete_folder',
		'rest delete_file',
		'rest undelete_folder',
		'rest undelete_file',
		'rest save_user_encryption_keys',
		'rest save_file_encryption_key',
		'rest save_upload_encryption_key',
		'mcp svc_rename_file',
		'mcp svc_rename_folder',
		'mcp svc_move_folder',
		// What a declared operation answers with, when it makes nothing.
		...OPERATION_CASES.filter((declared) => !declared.writes).flatMap(({ answers }) => [
			...(answers.rest ? [`rest ${answers.rest.action}`] : []),
			...(answers.mcp ? [`mcp ${answers.mcp.tool}`] : []),
		]),
	].map((row) => [row, CREATES_NOTHING]),
);
CHAOS_EXCLUDED['rest esignature_share'] =
	'sends e-mails and is never read back: an unknown outcome is reported as uncertain, never sent again';

const BAD_ANSWER_EXCLUDED: Record<string, string> = {
	'rest get_upload_encryption_key': 'the same answer shape as get_file_encryption_key, which the suite covers',
	'rest validate_session': '`Success: false` is an answer here (the session is not valid), not a bad one',
	'rest undelete_folder': 'the same answer shape as delete_folder, which the suite covers',
	'rest undelete_file': 'the same answer shape as delete_file, which the suite covers',
	'rest get_users': 'the same answer shape as search_users, which the suite covers',
	'mcp svc_search_docs': 'a tool of the Svc MCP node: the suite covers Svc Storage and Svc DVS',
	'mcp svc_get_doc': 'a tool of the Svc MCP node: the suite covers Svc Storage and Svc DVS',
	'mcp svc_move_folder': 'read as svc_move_file is, which the suite covers',
	'mcp svc_dvs_get_users': 'read as svc_dvs_search_users is, which the suite covers',
};

const PARITY_EXCLUDED: Record<string, string> = {};

it('chaos (test/reliability/operations.ts) runs every write of both catalogues, or says why not', () => {
	expect(gaps(rows(true), matched(WRITE_OPERATIONS.map((operation) => operation.match)), CHAOS_EXCLUDED)).toEqual([]);
});

it('the bad-answer suite (test/reliability/badAnswers.ts) answers every action of both catalogues badly', () => {
	expect(gaps(rows(), matched(ACTION_CASES.map((action) => action.match)), BAD_ANSWER_EXCLUDED)).toEqual([]);
});

/** `resource.operation` of every operation a router declares over both APIs. */
function bothApis(resources: Record<string, Operations<never>>): string[] {
	return Object.entries(resources).flatMap(([resource, operations]) =>
		Object.entries(operations)
			.filter(([, operation]) => operation.runsOver.includes('rest') && operation.runsOver.includes('mcp'))
			.map(([name]) => `${resource}.${name}`),
	);
}

/**
 * `resource.operation` of every run a parity file writes (`resource: 'folder', operation: 'create'`), and of
 * every operation declared over both APIs in devkit/operationCases.ts (parity runs each).
 */
function runIn(...files: string[]): Set<string> {
	const text = files.map((file) => readFileSync(join(__dirname, '..', 'nodes', 'parity', file), 'utf8')).join('\n');
	const declared = OPERATION_CASES.filter((d) => d.apis.length === 2).map((d) => `${d.resource}.${d.operation}`);
	return new Set([
		...[...text.matchAll(/resource: '(\w+)',\s*operation: '(\w+)'/g)].map((run) => `${run[1]}.${run[2]}`),
		...declared,
	]);
}

it.each([
	['Svc Storage', storageActions.resources, ['storageOperations.ts', 'storage.test.ts']],
	['Svc DVS', dvsActions.resources, ['dvsOperations.ts', 'dvs.test.ts']],
] as const)('parity runs every operation %s offers over both APIs', (_node, resources, files) => {
	const all = bothApis(resources as unknown as Record<string, Operations<never>>);
	expect(all.length).toBeGreaterThan(5);
	expect(gaps(all, runIn(...files), PARITY_EXCLUDED)).toEqual([]);
});
