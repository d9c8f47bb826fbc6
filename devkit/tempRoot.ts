/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MARK = 'n8n-nodes-svc-tests-';

/**
 * One temporary folder for a whole jest run: the workers (started after global setup) and every
 * process they start inherit it as TMPDIR, so whatever a test, n8n or a browser puts in the
 * system temp folder lands inside it, even from a worker that is killed. Global teardown removes it.
 */
export function useTempRoot(): void {
	if (process.env.TMPDIR?.includes(MARK)) return;
	process.env.TMPDIR = mkdtempSync(join(tmpdir(), MARK));
}

export function removeTempRoot(): void {
	const folder = process.env.TMPDIR;
	if (folder?.includes(MARK)) rmSync(folder, { recursive: true, force: true });
}

/**
 * A temporary folder for a script (bench, soak, examples) that goes when the process ends,
 * also on Ctrl-C or a kill: the signal is passed on after the folder is gone.
 */
export function throwawayFolder(prefix: string): string {
	const folder = mkdtempSync(join(tmpdir(), prefix));
	const remove = () => rmSync(folder, { recursive: true, force: true });
	process.once('exit', remove);
	for (const signal of ['SIGINT', 'SIGTERM'] as const) {
		process.once(signal, () => {
			remove();
			process.kill(process.pid, signal);
		});
	}
	return folder;
}
