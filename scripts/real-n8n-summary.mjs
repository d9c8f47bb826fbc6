// Prints one line per node of an `n8n execute --rawOutput` result: items produced, binary fields, errors.
import { readFileSync } from 'node:fs';

const text = readFileSync(process.argv[2], 'utf8');
const run = JSON.parse(text.slice(text.indexOf('\n{') + 1));
console.log(`${process.argv[3] ?? process.argv[2]}: ${run.status}`);
for (const [name, runs] of Object.entries(run.data.resultData.runData)) {
	const task = runs.at(-1);
	const items = task.data?.main?.[0] ?? [];
	const binary = items[0]?.binary ? ` binary: ${Object.keys(items[0].binary).join(', ')}` : '';
	console.log(`  ${name}: ${items.length} item(s)${binary}${task.error ? ` ERROR ${task.error.message}` : ''}`);
}
