/**
 * What the service's clock read while this execution talked to it, from the HTTP `Date` header of its answers
 * (RFC 9110: an origin server with a clock sends one): the service's clock was at least `Date` when an answer
 * arrived, so `Date − arrival` is a lower bound of how far the service's clock is ahead of ours. The largest bound
 * seen is kept per execution; nothing is kept between executions.
 */
const aheadAtLeast = new WeakMap<object, number>();

/** Notes one answer's `Date` header (absent or unreadable: nothing learnt). */
export function noteServerDate(ctx: object, date: string | undefined, arrivedAtMs: number): void {
	if (!date) return;
	const serverMs = Date.parse(date);
	if (Number.isNaN(serverMs)) return;
	const bound = serverMs - arrivedAtMs;
	const known = aheadAtLeast.get(ctx);
	if (known === undefined || bound > known) aheadAtLeast.set(ctx, bound);
}

/**
 * The earliest time the service's clock can have shown when ours showed `localMs`, or undefined when no answer of
 * this execution carried a `Date` header.
 */
export function earliestServerTime(ctx: object, localMs: number): number | undefined {
	const ahead = aheadAtLeast.get(ctx);
	return ahead === undefined ? undefined : localMs + ahead;
}
