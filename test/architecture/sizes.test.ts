/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- this file runs in Node under the test tools, never inside n8n */
/**
 * No product file over 300 lines, no function over 60 (comments and blank lines count) and no line
 * over 120 characters (a tab is one; prettier wraps code at 120, strings and comments are wrapped by
 * hand): a newcomer reads a file in one sitting, a function on one screen and a line without scrolling.
 * And headroom: no file within 30 lines of the cap (at most 270), so a routine change (an operation
 * added) never has to begin with a split. ESLint's own rules measure it, on top of the package's lint
 * configuration (which n8n's strict mode keeps unchanged).
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

interface LintResult {
	filePath: string;
	messages: Array<{ ruleId: string | null; line: number; message: string }>;
}

/** The cap less the headroom a routine change needs. */
const MOST_LINES = 300 - 30;

/** Why each rule holds, said beside what breaks it. */
const WHY: Record<string, string> = {
	'max-lines': `headroom: at most ${MOST_LINES} lines (the cap is 300), so adding an operation never begins with a split`,
	'max-lines-per-function': 'a function reads on one screen',
	'max-len': 'a line reads without scrolling',
};

it(`no file in nodes/ or credentials/ is over ${MOST_LINES} lines, no function over 60, no line over 120`, () => {
	const root = resolve(__dirname, '..', '..');
	const rules = [
		`max-lines: [error, { max: ${MOST_LINES} }]`,
		'max-lines-per-function: [error, { max: 60 }]',
		'max-len: [error, { code: 120, tabWidth: 1 }]',
	];
	let output: string;
	try {
		output = execFileSync(
			process.execPath,
			[
				resolve(root, 'node_modules/eslint/bin/eslint.js'),
				...rules.flatMap((rule) => ['--rule', rule]),
				'--format',
				'json',
				'nodes',
				'credentials',
			],
			{ cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
		);
	} catch (error) {
		// ESLint exits 1 when it found problems; its report is still on stdout.
		output = (error as { stdout?: string }).stdout ?? '';
	}
	const tooLong = (JSON.parse(output) as LintResult[]).flatMap((result) =>
		result.messages
			.filter((message) => (message.ruleId ?? '') in WHY)
			.map(
				(message) =>
					`${result.filePath.slice(root.length + 1)}:${message.line} ${message.message} ` +
					`(${WHY[message.ruleId ?? '']})`,
			),
	);
	expect(tooLong).toEqual([]);
});
