/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * A busy machine, as users' n8n servers are: worker threads that burn CPU beside the work being
 * measured, one per core by default, until `stop()`.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export interface BusyCores {
	count: number;
	stop(): Promise<void>;
}

export function keepCoresBusy(count = availableParallelism()): BusyCores {
	// Each thread spins in short bursts and checks for its stop message between them.
	const source = `
		const { parentPort } = require('node:worker_threads');
		let running = true;
		parentPort.on('message', () => { running = false; });
		const burn = () => {
			const until = Date.now() + 50;
			while (Date.now() < until);
			if (running) setImmediate(burn); else process.exit(0);
		};
		burn();
	`;
	const workers = Array.from({ length: count }, () => new Worker(source, { eval: true }));
	return {
		count,
		stop: async () => {
			await Promise.all(
				workers.map(async (worker) => {
					const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
					worker.postMessage('stop');
					await exited;
				}),
			);
		},
	};
}
