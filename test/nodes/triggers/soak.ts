/**
 * The trigger soak: bursts of new items, deletions and injected faults against a poller, then
 * every item must have been emitted exactly once. Used by soak.test.ts (REST credentials) and
 * test/nodes/parity/triggers.test.ts (MCP credentials).
 */
import type { FaultKind, FaultMatch } from '../../simulator/types';
import type { Poller } from '../../harness';
import { emitted, type TriggerEnv } from './env';

/** Events each soak writes at least. */
export const EVENTS = 1000;
/** Share of polls that get a fault injected. */
export const FAULT_SHARE = 0.25;

/** A small seeded generator, so a failing soak can be replayed. */
export function random(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export const FAULTS: FaultKind[] = [
	{ kind: 'status500AfterCommit' },
	{ kind: 'statusBeforeCommit', status: 503 },
	{ kind: 'dropBeforeCommit' },
	{ kind: 'dropAfterCommit' },
	{ kind: 'rateLimit', retryAfterSeconds: 0 },
];

export interface SoakFigures {
	events: number;
	deletedBeforeSeen: number;
	polls: number;
	failedPolls: number;
	faults: number;
	requests: number;
}

export interface Soak {
	/** Writes one burst; returns ids created and ids deleted. */
	write(rand: () => number): { created: string[]; deleted: string[] };
	idOf(json: Record<string, unknown>): string;
	actions: string[];
	/** Requests to inject faults into when they are not REST actions (MCP: `{ mcpTool }`); default `{ action }` per action. */
	faultMatches?: FaultMatch[];
	/** Requests one fault may hit at most (faults pick one request of the poll). */
	requestsPerPoll: number;
}

export async function soak(env: TriggerEnv, label: string, poller: Poller, scenario: Soak, seed: number): Promise<SoakFigures> {
	const rand = random(seed);
	const created = new Set<string>();
	const deleted = new Set<string>();
	const seen: string[] = [];
	const figures: SoakFigures = { events: 0, deletedBeforeSeen: 0, polls: 0, failedPolls: 0, faults: 0, requests: 0 };
	const startRequests = env.sim.requests.length;
	const poll = async (withFault: boolean) => {
		env.sim.faults.clear();
		if (withFault) {
			const kind = FAULTS[Math.floor(rand() * FAULTS.length)];
			const matches = scenario.faultMatches ?? scenario.actions.map((action) => ({ action }));
			const match = matches[Math.floor(rand() * matches.length)];
			env.sim.faults.add({
				match,
				fault: kind,
				skip: Math.floor(rand() * scenario.requestsPerPoll),
				times: kind.kind === 'rateLimit' ? 4 : 1,
			});
		}
		figures.polls++;
		try {
			for (const json of emitted(await poller.poll())) seen.push(scenario.idOf(json));
		} catch {
			figures.failedPolls++;
		}
		figures.faults += env.sim.faults.pending().length === 0 && withFault ? 1 : 0;
		env.sim.faults.clear();
	};

	await poll(false);
	while (created.size < EVENTS) {
		const burst = scenario.write(rand);
		burst.created.forEach((id) => created.add(id));
		burst.deleted.forEach((id) => deleted.add(id));
		env.clock.advance(Math.floor(rand() * 1500));
		await poll(rand() < FAULT_SHARE);
	}
	for (let quiet = 0; quiet < 40; ) {
		const before = seen.length;
		await poll(false);
		quiet = seen.length === before ? quiet + 1 : 0;
		const missing = [...created].filter((id) => !deleted.has(id) && !seen.includes(id));
		if (missing.length === 0 && quiet >= 3) break;
	}

	figures.events = created.size;
	figures.requests = env.sim.requests.length - startRequests;
	const seenSet = new Set(seen);
	figures.deletedBeforeSeen = [...deleted].filter((id) => !seenSet.has(id)).length;
	console.log(
		`soak ${label}: ${figures.events} events (${figures.deletedBeforeSeen} deleted before any poll saw them), ` +
			`${figures.polls} polls (${figures.failedPolls} failed), ${figures.faults} faults hit, ${figures.requests} requests ` +
			`(${(figures.requests / figures.polls).toFixed(2)} per poll)`,
	);
	expect(seen.length).toBe(seenSet.size);
	expect([...seenSet].filter((id) => !created.has(id))).toEqual([]);
	const expected = [...created].filter((id) => !deleted.has(id) || seenSet.has(id)).sort();
	expect([...seenSet].sort()).toEqual(expected);
	expect(figures.faults).toBeGreaterThan(figures.polls * FAULT_SHARE * 0.3);
	return figures;
}

/** A burst of 1 to 8, often in one second: the clock moves only between bursts. */
export const burstSize = (rand: () => number) => 1 + Math.floor(rand() * 8);

