import { sleep } from 'n8n-workflow';

/**
 * An execution's requests once the service has answered it 429: one at a time, and none while a wait the service
 * asked for runs. The items already in flight when the first 429 came (up to 50 of a write) then try again one after
 * another once the wait is over, not all at once — a limit per minute would refuse most of them again — and a 429
 * to any of them holds back all the others too.
 */
export class Throttle {
	private queue: Promise<unknown> = Promise.resolve();
	private pause?: { over: Promise<void>; endsAt: number };

	/** Holds every request back for the wait a 429 asked for, unless one already holds them back longer. */
	pauseFor(waitMs: number): void {
		const endsAt = Date.now() + waitMs;
		const current = this.pause;
		if (current && current.endsAt >= endsAt) return;
		// A later wait extends the one running rather than starting another beside it.
		const waited = current ? current.over.then(async () => await sleep(endsAt - current.endsAt)) : sleep(waitMs);
		const pause = {
			endsAt,
			over: waited.then(() => {
				if (this.pause === pause) this.pause = undefined;
			}),
		};
		this.pause = pause;
	}

	/** Waits for the requests before and for any wait; the request then goes, and the function it gives ends its turn. */
	async turn(): Promise<() => void> {
		let end!: () => void;
		const ended = new Promise<void>((resolve) => (end = resolve));
		const before = this.queue;
		this.queue = before.then(async () => await ended);
		await before;
		while (this.pause) await this.pause.over;
		return end;
	}
}

const throttles = new WeakMap<object, Throttle>();

/** The execution's throttle, made at its first 429. */
export function throttleOf(ctx: object): Throttle {
	let throttle = throttles.get(ctx);
	if (!throttle) throttles.set(ctx, (throttle = new Throttle()));
	return throttle;
}

export function throttleIfAny(ctx: object): Throttle | undefined {
	return throttles.get(ctx);
}

/** Whether the service has answered 429 during this execution (its items then go one at a time). */
export function wasThrottled(ctx: object): boolean {
	return throttles.has(ctx);
}
