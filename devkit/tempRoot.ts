/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
	removeStaleTempRoots();
	process.env.TMPDIR = mkdtempSync(join(tmpdir(), `${MARK}${process.pid}-`));
}

/**
 * The temporary folders of earlier runs whose process is gone: a run killed outright (SIGKILL, a machine stopped)
 * never reaches its teardown. A folder of a run still going (another checkout's) is left alone.
 */
export function removeStaleTempRoots(parent = tmpdir()): void {
	for (const name of readdirSync(parent)) {
		if (!name.startsWith(MARK)) continue;
		const pid = Number(/^(\d+)-/.exec(name.slice(MARK.length))?.[1]);
		if (!isRunning(pid)) rmSync(join(parent, name), { recursive: true, force: true });
	}
}

/** Whether a process of this id runs (a folder without one, from before ids were in names, is stale). */
function isRunning(pid: number): boolean {
	if (!Number.isInteger(pid) || pid <= 0) return false;
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
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
