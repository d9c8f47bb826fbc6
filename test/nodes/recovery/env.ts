/**
 * Shared helper of the recovery suites: one simulator for a test file (as the chaos suite starts
 * it: rate limits out of the way, the import source answering), parity runs with n8n's node
 * settings, and the fault that makes a write's outcome unknown to the node although it landed.
 */
import { useWarpedTime } from '../../../devkit/harness';
import { ALL_TOOLS_ON, parityEnvOf, type ParityEnv, type RunExtra } from '../parity/env';
import { startServiceSimulator, type ServiceSimulator, type ServiceSimulatorOptions } from '../../../devkit/simulator';
import { servePublicSources } from '../../../devkit/publicSources';
import type { FetchedSource } from '../../../devkit/simulator/mcp/deps';
import { matchesFaultMatch, type PredicateFaultSpec } from '../../../devkit/simulator/faults';
import type { FaultMatch } from '../../../devkit/simulator/types';

/** Reads of a write's settle window: the first look and one after each of the executor's four waits (executor.ts). */
export const LOOKS_PER_TRY = 5;

/** Retry On Fail as a user sets it: 3 tries, n8n's default wait of 1 s (warped). */
export const RETRY_ON_FAIL: RunExtra['recovery'] = { retryOnFail: { maxTries: 3, waitBetweenTries: 1000 } };

/** The host Import From URL's sources are on in the write suites. */
export const SOURCE_HOST = 'files.example.com';

/**
 * What a source URL answers in turn, Svc's import and the node alike, the last answer from then on: a source that
 * changes between Svc's fetch and the node's. Unset, a source answers a PDF naming its URL.
 */
export const sourceAnswers = new Map<string, FetchedSource[]>();

/**
 * The simulator the write suites run on: rate-limit windows shrink to nothing (a thousand writes a minute are not
 * what is tested here) and Import From URL's sources are on a public host answering a PDF per URL, which the node
 * reaches too, as a user's n8n reaches the internet (devkit/publicSources.ts): it reads a source to settle a lost
 * import. `close()` stops both.
 */
export async function startWriteSimulator(): Promise<ServiceSimulator> {
	const sources = await servePublicSources([SOURCE_HOST], (url) => {
		const queued = sourceAnswers.get(url);
		if (queued?.length) return queued.length > 1 ? queued.shift()! : queued[0];
		return { status: 200, body: Buffer.from(`%PDF-1.7 ${url}`), contentType: 'application/pdf' };
	});
	const options: ServiceSimulatorOptions = {
		timeScale: 0.0001,
		mcpDeps: { resolveHost: sources.resolveHost, fetchSource: sources.fetchSource },
	};
	const simulator = await startServiceSimulator(options);
	const close = simulator.close.bind(simulator);
	return Object.assign(simulator, {
		close: async () => {
			await close();
			await sources.close();
		},
	});
}

let current: ServiceSimulator | undefined;

export function sim(): ServiceSimulator {
	if (!current) throw new Error('The simulator is not running: call useRecoveryEnv() at the top of the test file');
	return current;
}

/** Starts the simulator for the file; `envWith(recovery)` gives parity runs with those node settings. */
export function useRecoveryEnv(): { envWith(recovery?: RunExtra['recovery']): ParityEnv } {
	// The settle window and Retry On Fail's waits pass 1000 times faster.
	useWarpedTime(1000, 1000);
	beforeAll(async () => {
		current = await startWriteSimulator();
	});
	afterAll(async () => {
		await current?.close();
		current = undefined;
	});
	beforeEach(() => {
		current?.faults.clear();
		if (current) Object.assign(current.mcp.settings, ALL_TOOLS_ON);
		current?.mcp.state.limiter.clear();
	});
	return { envWith: (recovery) => parityEnvOf(sim, () => undefined, recovery) };
}

/**
 * Once the write (after the first `skipWrites`) has been sent, the next `looks` reads of the
 * service (REST actions, MCP tool calls) fail with a 500: the try that wrote cannot see its write
 * and ends "Outcome uncertain". Added before the write's own fault, so that it sees the write go by.
 */
export function readsFailAfterWrite(write: WriteMatch, skipWrites = 0, looks = LOOKS_PER_TRY): PredicateFaultSpec {
	let writes = 0;
	const isWrite: PredicateFaultSpec['match'] =
		typeof write === 'function' ? write : (req, target) => matchesFaultMatch(write, req, target);
	return {
		match: (req, target) => {
			if (isWrite(req, target)) {
				writes++;
				return false;
			}
			return writes > skipWrites && (target.action !== undefined || target.mcpTool !== undefined);
		},
		fault: { kind: 'statusBeforeCommit', status: 500 },
		times: looks,
	};
}

/** Which requests are the write: as a fault matches them, or a predicate (over the body, say). */
export type WriteMatch = FaultMatch | PredicateFaultSpec['match'];

/**
 * A write stored later than it was sent (STORED_LATER_MS, a queued backend): its listing time can only be after the
 * send. Within the send's own second (whole-second times) it could as well be another writer's made just before.
 */
export const STORED_LATER_MS = 2000;

/** The write lands, stored STORED_LATER_MS after it arrived, and its answer is this status. */
export const storedLaterThen = (status = 500) =>
	({ kind: 'statusAfterCommit', status, storedLaterMs: STORED_LATER_MS }) as const;

/**
 * The write lands (stored STORED_LATER_MS after it arrived), its answer is a 500, and the reads that would find it
 * fail for one whole try.
 */
export function landedButUnseen(write: WriteMatch, skipWrites = 0): void {
	sim().faults.add(readsFailAfterWrite(write, skipWrites));
	const fault = { fault: storedLaterThen(), skip: skipWrites };
	sim().faults.add(typeof write === 'function' ? { match: write, ...fault } : { match: write, ...fault });
}
