/**
 * The suites that go through every action derive their cases from the routers (each operation's `writes`,
 * `runsOver` and its case in devkit/operationCases.ts); here they are held to the catalogues
 * (restCatalogue.ts, mcp/toolCatalogue.ts), so an action no operation's case answers with fails instead of
 * being skipped quietly: chaos covers every write row, the bad-answer suite every row with an answer. A write
 * row answered only by an operation that makes nothing (its file declares `writes: { kind: 'set' }` or
 * `'send'`) is left out of chaos for that reason; each other gap a suite leaves on purpose is listed with its
 * reason. (Parity holds itself to the routers: test/nodes/parity compares every operation both APIs offer; the
 * output schemas' runs are held to them by test/schemas/outputSchemas.test.ts.)
 */
import { REST_ACTIONS } from '../../nodes/shared/transport/restCatalogue';
import { DOCUMENTED_PREFIX } from '../../nodes/shared/transport/mcp/toolList';
import { MCP_TOOL_ROWS, toolWrites } from '../../nodes/shared/transport/mcp/toolCatalogue';
import { ACTION_CASES } from '../reliability/badAnswers';
import { WRITE_OPERATIONS } from '../reliability/operations';
import type { FaultMatch } from '../../devkit/simulator/types';
import { caseOf, routedOperations } from '../routedOperations';

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
				: `${row} is not covered: name it in its operation's case (devkit/operationCases.ts answers), or list it here`,
		);
}

/** Why chaos leaves out a write that makes nothing, by what its file declares it does. */
const MAKES_NOTHING: Record<string, string> = {
	set: 'changes an existing item or a stored value: nothing to duplicate or lose',
	send:
		'sends what the service acts on and never shows back (e-mails): an unknown outcome is reported as ' +
		'uncertain, never sent again',
};

/** The rows that answer only writes chaos leaves out (their operation's `writes` makes nothing), with the reason. */
function chaosExcluded(covered: Set<string>): Record<string, string> {
	const excluded: Record<string, string> = {};
	for (const routed of routedOperations('SvcStorage', 'SvcDvs')) {
		const why = MAKES_NOTHING[routed.declared.writes?.kind ?? ''];
		if (!why) continue;
		const { rest, mcp } = caseOf(routed).answers;
		for (const row of [rest && `rest ${rest.action}`, mcp && `mcp ${mcp.tool}`])
			if (row && !covered.has(row)) excluded[row] = why;
	}
	return excluded;
}

const BAD_ANSWER_EXCLUDED: Record<string, string> = {
	'rest validate_session': '`Success: false` is an answer here (the session is not valid), not a bad one',
	'mcp svc_search_docs': 'a tool of the Svc MCP node: the suite covers Svc Storage and Svc DVS',
	'mcp svc_get_doc': 'a tool of the Svc MCP node: the suite covers Svc Storage and Svc DVS',
};

it('chaos (test/reliability/operations.ts) runs every write of both catalogues, or says why not', () => {
	const covered = matched(WRITE_OPERATIONS.map((operation) => operation.match));
	expect(gaps(rows(true), covered, chaosExcluded(covered))).toEqual([]);
});

it('the bad-answer suite (test/reliability/badAnswers.ts) answers every action of both catalogues badly', () => {
	expect(gaps(rows(), matched(ACTION_CASES.map((action) => action.match)), BAD_ANSWER_EXCLUDED)).toEqual([]);
});
