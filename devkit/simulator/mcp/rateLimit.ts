/**
 * Fixed-window rate limits. The first six buckets are document 2's table; `dvsRead` and
 * `failedAuth` are the simulator's choice for "additional user buckets: not shown".
 */
export const BUCKETS = {
	docs: { perMinute: 120, perHour: 2400, label: 'public document search or read' },
	search: { perMinute: 30, perHour: 600, label: 'private search' },
	fileRead: { perMinute: 40, perHour: 700, label: 'private file read' },
	listing: { perMinute: 90, perHour: 1800, label: 'folder listing' },
	writes: { perMinute: 30, perHour: 300, label: 'writes' },
	imports: { perMinute: 6, perHour: 60, label: 'imports' },
	dvsRead: { perMinute: 60, perHour: 1200, label: 'DVS reads' },
	failedAuth: { perMinute: 20, perHour: 100, label: 'failed authentication' },
} as const;

export type BucketName = keyof typeof BUCKETS;

export interface BucketHit {
	bucket: BucketName;
	/** e.g. `ip:1.2.3.4`, `token:…`, `user:1001`. */
	key: string;
}

export type RateDecision = { ok: true } | { ok: false; bucket: BucketName; retryAfterSeconds: number };

const MINUTE = 60_000;
const HOUR = 3_600_000;

export class RateLimiter {
	private readonly counters = new Map<string, { windowStart: number; count: number }>();

	constructor(
		private readonly now: () => number,
		private readonly scale: () => number,
	) {}

	/** Forgets every window's count, as a new hour would: for tests about something else than the limits. */
	clear(): void {
		this.counters.clear();
	}

	/** Admits the request only when every bucket has room, then counts it in all of them. */
	take(hits: BucketHit[]): RateDecision {
		const now = this.now();
		const windows = this.windowsFor(hits, now);
		let refusal: { bucket: BucketName; retryAfterSeconds: number } | undefined;
		for (const w of windows) {
			if (w.count >= w.limit) {
				const seconds = Math.max(1, Math.ceil((w.windowStart + w.length - now) / 1000));
				if (!refusal || seconds > refusal.retryAfterSeconds) refusal = { bucket: w.bucket, retryAfterSeconds: seconds };
			}
		}
		if (refusal) return { ok: false, ...refusal };
		for (const w of windows) this.counters.set(w.id, { windowStart: w.windowStart, count: w.count + 1 });
		return { ok: true };
	}

	private windowsFor(hits: BucketHit[], now: number) {
		const scale = this.scale();
		return hits.flatMap((hit) => {
			const spec = BUCKETS[hit.bucket];
			return [
				{ span: 'm', length: MINUTE * scale, limit: spec.perMinute },
				{ span: 'h', length: HOUR * scale, limit: spec.perHour },
			].map(({ span, length, limit }) => {
				const id = `${hit.bucket}|${span}|${hit.key}`;
				const windowStart = Math.floor(now / length) * length;
				const current = this.counters.get(id);
				const count = current && current.windowStart === windowStart ? current.count : 0;
				return { id, bucket: hit.bucket, length, limit, windowStart, count };
			});
		});
	}
}
