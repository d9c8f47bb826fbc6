/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/** `npm run conformance`: every applicable client scenario of the official suite, in each mode; one line each, then a total. */
import { REVISIONS, runScenario, SCENARIOS } from './scenarios';

async function main(): Promise<number> {
	let failed = 0;
	for (const scenario of SCENARIOS) {
		for (const revision of REVISIONS) {
			const outcome = await runScenario(scenario, revision);
			if (!outcome.passed) failed++;
			const checks = outcome.checks.map((check) => `${check.id}=${check.status}`).join(' ');
			console.log(`${outcome.passed ? 'PASS' : 'FAIL'}  ${scenario.padEnd(11)} ${revision.padEnd(10)} ${checks}`);
			if (!outcome.passed) console.log(outcome.output);
		}
	}
	const total = SCENARIOS.length * REVISIONS.length;
	console.log(`conformance: ${total} scenario runs, ${total - failed} passed, ${failed} failed`);
	return failed ? 1 : 0;
}

void main().then((code) => process.exit(code));
