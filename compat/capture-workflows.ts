/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n; it reports to a person at a terminal */
/**
 * Captures what a release saves through a real n8n (`npx tsx compat/capture-workflows.ts <version>`, after
 * `npm run build`): the package installed as users install it, the templates of examples/ and a credential of
 * each API-key type imported, then `n8n export:workflow --all` and `n8n export:credentials --all --decrypted`
 * written to compat/<version>/. Run once per release; a capture is never edited afterwards (docs/COMPATIBILITY.md).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { startDemoSimulator } from '../devkit/demo';
import { importDemo } from '../scripts/n8n/demo';
import { ensureN8n, n8nEnv, n8nLine, prepareUserFolder, runN8nCli } from '../devkit/n8n/runtime';

async function exportAll(bin: string, env: NodeJS.ProcessEnv, args: string[]): Promise<unknown> {
	const output = join(String(env.N8N_USER_FOLDER), `${args[0].replace(':', '-')}.json`);
	const result = await runN8nCli(bin, [...args, `--output=${output}`], env);
	if (result.status !== 0) throw new Error(`n8n ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
	const { readFileSync } = await import('node:fs');
	return JSON.parse(readFileSync(output, 'utf8'));
}

async function main(): Promise<void> {
	const version = process.argv[2];
	if (!version) throw new Error('usage: npx tsx compat/capture-workflows.ts <version being released>');
	const target = join(__dirname, version);
	mkdirSync(target, { recursive: true });
	const sim = await startDemoSimulator();
	const userFolder = prepareUserFolder();
	try {
		const bin = ensureN8n();
		const env = n8nEnv({ userFolder });
		await importDemo(bin, env, sim);
		const workflows = (await exportAll(bin, env, ['export:workflow', '--all', '--pretty'])) as Array<{ name: string }>;
		const credentials = await exportAll(bin, env, ['export:credentials', '--all', '--decrypted', '--pretty']);
		const sorted = [...workflows].sort((a, b) => a.name.localeCompare(b.name));
		writeFileSync(join(target, 'workflows.json'), `${JSON.stringify(sorted, null, '\t')}\n`);
		writeFileSync(join(target, 'credentials.json'), `${JSON.stringify(credentials, null, '\t')}\n`);
		console.log(`captured ${sorted.length} workflows and the credentials through n8n ${n8nLine()} into ${target}`);
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
		await sim.close();
	}
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
