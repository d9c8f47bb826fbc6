/** Sliding-window counter per key (here: per account). */
export class SlidingWindowLimiter {
	private readonly hits = new Map<string, number[]>();

	constructor(
		private readonly limit: number,
		private readonly windowMs: number,
		private readonly now: () => number,
	) {}

	/** Counts one attempt; returns 0 when allowed, else the seconds until the next attempt may pass. */
	attempt(key: string): number {
		const at = this.now();
		const recent = (this.hits.get(key) ?? []).filter((time) => at - time < this.windowMs);
		if (recent.length >= this.limit) {
			this.hits.set(key, recent);
			return Math.max(1, Math.ceil((recent[0] + this.windowMs - at) / 1000));
		}
		recent.push(at);
		this.hits.set(key, recent);
		return 0;
	}

	reset(): void {
		this.hits.clear();
	}
}
