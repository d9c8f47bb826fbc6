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

/**
 * Lets a response stream read up to `bytes` ahead of whoever consumes it. n8n 2.x's request helper
 * hands over axios' copy of the response (fed by an async generator that enforces its maxContentLength),
 * which holds one 64 KiB chunk: each time n8n's store stops to write, the socket stops too, and the file
 * arrives in more, smaller reads and writes (a 1 GiB download took 20 % longer than the HTTP Request
 * node's, which gets the socket's own stream). A read of more than a stream holds raises its
 * highWaterMark to that size (Node's rule); nothing is consumed: bytes it already held go back in front.
 */
export function readAhead<T>(body: T, bytes = READ_AHEAD_BYTES): T {
	const stream = body as unknown as {
		read?: (size: number) => unknown;
		unshift?: (chunk: unknown) => void;
		readableHighWaterMark?: number;
		readableEnded?: boolean;
	};
	if (typeof stream?.read !== 'function' || typeof stream.unshift !== 'function') return body;
	if (stream.readableEnded || (stream.readableHighWaterMark ?? 0) >= bytes) return body;
	const held = stream.read(bytes);
	if (held !== null) stream.unshift(held);
	return body;
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
