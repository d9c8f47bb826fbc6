/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
/** Runs every benchmark in its own process (so memory figures don't mix) and prints their figures. */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
const benches = readdirSync(__dirname).filter((name) => name.endsWith('.ts') && name !== 'run.ts').sort();
let failed = 0;
for (const bench of benches) {
	console.log(`\n##### ${bench}`);
	const result = spawnSync(tsx, [join(__dirname, bench)], {
		stdio: 'inherit',
		env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
	});
	if (result.status !== 0) failed++;
}
if (failed) process.exitCode = 1;
