/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * A helper process a bench talks to over IPC (a simulator, so that its CPU and memory are not the
 * bench's): it sends `{ ready }` once, then answers each `{ id, request }` with `{ id, result }`.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface IpcChild<Ready, Request> {
	ready: Ready;
	ask<T>(request: Request): Promise<T>;
	stop(): void;
}

/**
 * Starts `script` (a .ts file) under tsx, with `env` beside this process's environment; it exits when this process
 * does (its IPC channel closes).
 */
export async function startIpcChild<Ready, Request>(
	script: string,
	env: Record<string, string> = {},
): Promise<IpcChild<Ready, Request>> {
	const root = join(__dirname, '..', '..');
	const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), [script], {
		cwd: root,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const waiting = new Map<number, (result: unknown) => void>();
	let next = 0;
	const ready = await new Promise<Ready>((resolve, reject) => {
		child.once('exit', (code) => reject(new Error(`${script} exited (${code})`)));
		child.on('message', (message: { ready?: Ready; id?: number; result?: unknown }) => {
			if (message.ready) resolve(message.ready);
			else if (message.id !== undefined) waiting.get(message.id)?.(message.result);
		});
	});
	return {
		ready,
		ask: async <T>(request: Request) =>
			await new Promise<T>((resolve) => {
				const id = next++;
				waiting.set(id, (result) => {
					waiting.delete(id);
					resolve(result as T);
				});
				child.send({ id, request });
			}),
		stop: () => child.kill('SIGTERM'),
	};
}
