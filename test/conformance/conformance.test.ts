/** The official MCP conformance suite's client scenarios that apply, against our client in the real engine. */
import { REVISIONS, runScenario, SCENARIOS } from './scenarios';

describe.each(REVISIONS)('conformance, revision %s', (revision) => {
	it.each(SCENARIOS)(
		'%s',
		async (scenario) => {
			const outcome = await runScenario(scenario, revision);
			if (!outcome.passed) throw new Error(`${scenario} failed:\n${outcome.output}`);
			expect(outcome.checks.every((check) => check.status === 'SUCCESS')).toBe(true);
		},
		60_000,
	);
});
