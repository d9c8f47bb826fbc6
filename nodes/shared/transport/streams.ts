import { sleep } from 'n8n-workflow';

/** How often a streamed answer is checked for progress. */
const IDLE_CHECK_MS = 1000;

/** A streamed answer watched for progress: `stalled` settles with an error when it brings no bytes for a while. */
export interface WatchedStream<T> {
	stream: T;
	/** Never rejects; resolves with the error to report when the stream stalled, and stays pending otherwise. */
	stalled: Promise<Error>;
}

/**
 * Watches a streamed answer (a download): when its body brings no new bytes for `idleMs`, the
 * stream is destroyed and `stalled` resolves, so a stalled transfer ends instead of hanging. n8n's
 * request timeout covers only the wait for the headers, and a wrapped response stream may not
 * end on destroy until its source moves again: the consumer races `stalled`. Progress is seen
 * through the stream's `push`, so the consumer still reads at its own pace.
 */
export function watchIdle<T>(body: T, idleMs: number): WatchedStream<T> {
	type Stream = {
		push?: (chunk: unknown, encoding?: unknown) => boolean;
		destroy?: (error: Error) => void;
		once?: (event: string, listener: () => void) => void;
	};
	const stream = body as unknown as Stream;
	if (!stream || typeof stream.push !== 'function' || typeof stream.once !== 'function') {
		return { stream: body, stalled: new Promise<Error>(() => undefined) };
	}
	// Measured on the clock, not by counting waits: a wait may end early (a test's warped timers).
	let lastProgress = Date.now();
	let ended = false;
	const push = stream.push.bind(stream);
	stream.push = (chunk: unknown, encoding?: unknown) => {
		if (chunk === null) ended = true;
		else if (chunk && typeof (chunk as Buffer).length === 'number' && (chunk as Buffer).length > 0)
			lastProgress = Date.now();
		return push(chunk, encoding);
	};
	for (const event of ['end', 'close', 'error']) stream.once(event, () => (ended = true));
	const step = Math.min(idleMs, IDLE_CHECK_MS);
	const stalled = new Promise<Error>((resolve) => {
		void (async () => {
			while (!ended) {
				await sleep(step);
				if (ended) return;
				if (Date.now() - lastProgress >= idleMs) {
					const error = new Error(`no data for ${idleMs} ms`);
					stream.destroy?.(error);
					resolve(error);
					return;
				}
			}
		})();
	});
	return { stream: body, stalled };
}

/** How far a download may read ahead of n8n's binary store. */
const READ_AHEAD_BYTES = 1024 * 1024;

interface FlowingStream {
	on(event: string, listener: (value?: unknown) => void): unknown;
	off(event: string, listener: (value?: unknown) => void): unknown;
	pause(): unknown;
	resume(): unknown;
	destroy(error?: Error): unknown;
	readableEnded?: boolean;
}

/**
 * Lets a response stream read up to `bytes` ahead of whoever iterates it (n8n's file store writes with
 * `for await`), handing over each chunk as it arrived. n8n 2.x's request helper hands over axios' copy of
 * the response (fed by an async generator that enforces its maxContentLength), which holds one 64 KiB
 * chunk: each time the store stops to write, the socket stops too (a 1 GiB download took 20 % longer than
 * the HTTP Request node's). A stream's own iterator would read all it holds as one new buffer, a copy of
 * every byte whose garbage is what a download's memory peak is made of; this one copies nothing. Only
 * iteration changes: a consumer of the stream's events (the database store) gets the same stream.
 */
export function readAhead<T>(body: T, bytes = READ_AHEAD_BYTES): T {
	const stream = body as unknown as FlowingStream;
	if (typeof stream?.on !== 'function' || typeof stream.pause !== 'function' || typeof stream.resume !== 'function')
		return body;
	if (stream.readableEnded) return body;
	Object.defineProperty(stream, Symbol.asyncIterator, {
		value: () => chunksOf(stream, bytes),
		configurable: true,
		writable: true,
	});
	return body;
}

/** A stream's chunks, each as it arrived, with at most about `limit` bytes received and not yet taken. */
function chunksOf(stream: FlowingStream, limit: number): AsyncIterableIterator<Buffer> {
	const queue: Buffer[] = [];
	let queued = 0;
	let ended = false;
	let failure: unknown;
	let wake: (() => void) | undefined;
	const updates: Record<string, (value?: unknown) => void> = {
		data: (chunk) => {
			queue.push(chunk as Buffer);
			queued += (chunk as Buffer).length;
			if (queued >= limit) stream.pause();
		},
		end: () => (ended = true),
		error: (error) => (failure ??= error),
		close: () => {
			if (!ended) failure ??= new Error('Premature close');
		},
	};
	// Each event updates the state, then wakes a `next` waiting for it.
	const listeners = Object.entries(updates).map(([event, update]) => {
		const listener = (value?: unknown) => {
			update(value);
			const waiting = wake;
			wake = undefined;
			waiting?.();
		};
		stream.on(event, listener);
		return [event, listener] as const;
	});
	const detach = () => {
		for (const [event, listener] of listeners) stream.off(event, listener);
	};
	stream.resume();
	return {
		async next(): Promise<IteratorResult<Buffer>> {
			while (queue.length === 0 && !ended && failure === undefined)
				await new Promise<void>((resolve) => (wake = resolve));
			if (failure !== undefined) {
				detach();
				throw failure;
			}
			const chunk = queue.shift();
			if (chunk === undefined) {
				detach();
				return { value: undefined, done: true };
			}
			queued -= chunk.length;
			if (queued < limit) stream.resume();
			return { value: chunk, done: false };
		},
		async return(): Promise<IteratorResult<Buffer>> {
			detach();
			if (!ended) stream.destroy();
			return { value: undefined, done: true };
		},
		[Symbol.asyncIterator]() {
			return this;
		},
	};
}

/** Drains a streamed error body so the connection is released. */
export async function discardBody(body: unknown): Promise<void> {
	if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') {
		const chunks = (body as AsyncIterable<unknown>)[Symbol.asyncIterator]();
		// reading to the end frees the socket
		while (!(await chunks.next()).done);
	}
}

/**
 * A streamed answer read to its end (the connection is released), keeping at most `limit` bytes;
 * an answer that is not a stream is returned as it is.
 */
export async function bufferedBody(body: unknown, limit = Infinity): Promise<unknown> {
	if (!body || typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function') return body;
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of body as AsyncIterable<Buffer | string>) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		if (size < limit) chunks.push(buffer);
		size += buffer.length;
	}
	return Buffer.concat(chunks);
}
