// Prints the totals of one or more jest --json result files as the plain line `N passed, N failed`
// (how results are read), after `--label "n8n 2.41.x"` as `n8n 2.41.x: N passed, N failed`; a missing or
// unreadable file counts as one failure. Exit 1 on any failure.
const { resolve } = require('node:path');

const args = process.argv.slice(2);
const labelAt = args.indexOf('--label');
const label = labelAt >= 0 ? `${args.splice(labelAt, 2)[1]}: ` : '';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of args) {
	try {
		const r = require(resolve(file));
		passed += r.numPassedTests;
		failed += r.numFailedTests + (r.numRuntimeErrorTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
		skipped += r.numPendingTests + r.numTodoTests;
	} catch {
		failed += 1;
	}
}
console.log(`${label}${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : ''));
process.exitCode = failed > 0 ? 1 : 0;
