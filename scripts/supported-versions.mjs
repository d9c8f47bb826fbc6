// Writes what the end-to-end run proved into the README's "Supported n8n versions" table: for each n8n line
// whose results are in .tmp/e2e-results-<line>.json (written by `npm run test:e2e`), the exact n8n version
// scripts/n8n/install.sh pins and the day of the run. A line whose run failed or is missing is left as it was,
// and the script exits 1 naming it. Run by the maintainer after `npm run test:e2e`, and by the publish workflow
// before `npm publish`, so the README on npm says what its own release run proved.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmePath = join(root, 'README.md');
const install = readFileSync(join(root, 'scripts', 'n8n', 'install.sh'), 'utf8');
const pinned = Object.fromEntries(
	[...install.matchAll(/^\t([\d.]+)\) version=([\d.]+) /gm)].map((match) => [match[1], match[2]]),
);

let readme = readFileSync(readmePath, 'utf8');
let status = 0;
for (const [line, version] of Object.entries(pinned)) {
	const resultsPath = join(root, '.tmp', `e2e-results-${line}.json`);
	const results = existsSync(resultsPath) ? JSON.parse(readFileSync(resultsPath, 'utf8')) : undefined;
	if (!results?.success || results.numTotalTests === 0) {
		console.error(`n8n ${line}.x: no passing end-to-end run in ${resultsPath}; its row is left as it was`);
		status = 1;
		continue;
	}
	const day = new Date(results.startTime).toISOString().slice(0, 10);
	const row = new RegExp(`^\\| ${line.replace('.', '\\.')}\\.x \\(([\\d.]+)\\)(.*)\\| [^|]+ \\|$`, 'm');
	if (!row.test(readme)) {
		console.error(`README.md has no row "| ${line}.x (<version>) … |" in its supported-versions table`);
		status = 1;
		continue;
	}
	readme = readme.replace(row, (_, _old, middle) => `| ${line}.x (${version})${middle}| ${day} |`);
	console.log(`n8n ${line}.x: ${version}, ${results.numPassedTests} end-to-end tests passed on ${day}`);
}
writeFileSync(readmePath, readme);
process.exitCode = status;
