/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the test tools, never inside n8n */
/**
 * Time that runs faster, for tests through the real engine with real sockets: every timer from
 * `thresholdMs` up to a minute (the node's settle waits, 429 waits, the simulator's late commits)
 * fires `factor` times sooner, so a 15 s settle window passes in milliseconds. Shorter timers keep
 * real time, and so do request timeouts, whatever their length (the HTTP client's own timers: axios
 * and follow-redirects time the wait for an answer with a plain timer): a warped 30 s editor lookup
 * or Timeout option would give a busy machine's loopback a few milliseconds, and fail on the clock.
 * `{ requestTimeouts: true }` warps them too, for a test whose server never answers.
 *
 *   useWarpedTime(1000);        // in a test file or a describe block
 *   warpedDelays()              // the waits asked for under the warp (what a test asserts instead of wall time)
 */
type TimerFunction = (handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => unknown;

interface Warp {
	factor: number;
	thresholdMs: number;
	requestTimeouts: boolean;
}

/** Timers longer than this are never warped. */
const LONGEST_WARPED_MS = 60_000;

/** Whether the timer being set is an HTTP client's request timeout (it is set by axios or follow-redirects). */
function isRequestTimeout(): boolean {
	return /[\\/]node_modules[\\/](axios|follow-redirects)[\\/]/.test(new Error().stack ?? '');
}

const realSetTimeout = globalThis.setTimeout;
const warps: Warp[] = [];
let requested: number[] = [];
/** Milliseconds the warped timers skipped so far: what warpedNow() adds to the real clock. */
let skippedMs = 0;

function warpedSetTimeout(handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]): unknown {
	const warp = warps.at(-1);
	const warped =
		warp !== undefined &&
		ms !== undefined &&
		ms >= warp.thresholdMs &&
		ms <= LONGEST_WARPED_MS &&
		(warp.requestTimeouts || !isRequestTimeout());
	const delay = warped ? Math.max(1, Math.ceil((ms as number) / (warp as Warp).factor)) : ms;
	if (warped) {
		requested.push(ms as number);
		skippedMs += (ms as number) - (delay as number);
	}
	return (realSetTimeout as unknown as TimerFunction)(handler, delay, ...args);
}

/** The waits (ms) asked for under a warp since the last call, oldest first; the list starts anew. */
export function warpedDelays(): number[] {
	const delays = requested;
	requested = [];
	return delays;
}

/**
 * A clock that runs with the warp: real time plus every wait the warp shortened. Give it to a
 * simulator (`now: warpedNow`) whose time-based rules (rate-limit windows) must see the waits as whole.
 */
export function warpedNow(): number {
	return Date.now() + skippedMs;
}

export interface WarpOptions {
	/** Warp the HTTP client's request timeouts too (only where no answer can come, or a request may fail on the clock). */
	requestTimeouts?: boolean;
}

/** Starts a warp (the innermost one applies); returns the function that ends it. */
export function warpTime(factor: number, thresholdMs = 100, options: WarpOptions = {}): () => void {
	const warp = { factor, thresholdMs, requestTimeouts: options.requestTimeouts ?? false };
	warps.push(warp);
	globalThis.setTimeout = Object.assign(warpedSetTimeout, realSetTimeout) as unknown as typeof setTimeout;
	return () => {
		warps.splice(warps.indexOf(warp), 1);
		if (warps.length === 0) globalThis.setTimeout = realSetTimeout;
	};
}

/** A warp for every test of the file or describe block it is called in. */
export function useWarpedTime(factor: number, thresholdMs = 100, options: WarpOptions = {}): void {
	let end: (() => void) | undefined;
	beforeAll(() => {
		end = warpTime(factor, thresholdMs, options);
	});
	afterAll(() => end?.());
}
