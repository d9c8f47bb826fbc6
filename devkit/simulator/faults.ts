import { BAD_ANSWER_BODIES, type FaultKind, type FaultMatch, type FaultSpec, type SimRequest } from './types';

/** A fault whose `match` is a predicate over the request (and what the server knows of it) instead of a FaultMatch. */
export type PredicateFaultSpec = Omit<FaultSpec, 'match'> & {
	match: (req: SimRequest, target: FaultTarget) => boolean;
};

/** What the server knows about a request beyond SimRequest, used to match faults. */
export interface FaultTarget {
	action?: string;
	mcpMethod?: string;
	mcpTool?: string;
}

/** A registered fault, as returned by `add` and listed by `pending`. */
export interface ActiveFault {
	readonly match: FaultMatch | ((req: SimRequest, target: FaultTarget) => boolean);
	readonly fault: FaultKind;
	/** Matching requests still to let through before hitting. */
	skipRemaining: number;
	/** Hits still to deliver. */
	timesRemaining: number;
	/** Requests this fault has hit so far. */
	hits: number;
}

export function matchesFaultMatch(match: FaultMatch, req: SimRequest, target: FaultTarget): boolean {
	if (match.method !== undefined && match.method.toUpperCase() !== req.method.toUpperCase()) return false;
	if (match.path !== undefined) {
		const pathMatches = match.path.startsWith('^') ? new RegExp(match.path).test(req.path) : match.path === req.path;
		if (!pathMatches) return false;
	}
	if (match.action !== undefined && match.action !== target.action) return false;
	if (match.mcpMethod !== undefined && match.mcpMethod !== target.mcpMethod) return false;
	if (match.mcpTool !== undefined && match.mcpTool !== target.mcpTool) return false;
	return true;
}

/**
 * Per-request fault injection. Faults are checked in the order they were added; the first
 * one that matches and has finished skipping hits the request. A fault that is still
 * skipping counts the request and lets later faults have a look at it.
 */
export class FaultInjector {
	private faults: ActiveFault[] = [];

	add(spec: FaultSpec | PredicateFaultSpec): ActiveFault {
		const times = spec.times ?? 1;
		const skip = spec.skip ?? 0;
		if (!Number.isInteger(times) || times < 1) throw new Error('fault times must be a positive integer');
		if (!Number.isInteger(skip) || skip < 0) throw new Error('fault skip must be a non-negative integer');
		const active: ActiveFault = {
			match: spec.match,
			fault: spec.fault,
			skipRemaining: skip,
			timesRemaining: times,
			hits: 0,
		};
		this.faults.push(active);
		return active;
	}

	clear(): void {
		this.faults = [];
	}

	/** Whether a fault that still has hits to deliver matches by a predicate, which may read a multipart body. */
	readsContent(): boolean {
		return this.faults.some((fault) => fault.timesRemaining > 0 && typeof fault.match === 'function');
	}

	/** Faults that still have hits to deliver. */
	pending(): ActiveFault[] {
		return this.faults.filter((fault) => fault.timesRemaining > 0);
	}

	/** Finds the fault for this request and consumes one hit (or one skip) of every fault it touches. */
	take(req: SimRequest, target: FaultTarget): FaultKind | undefined {
		for (const active of this.faults) {
			if (active.timesRemaining <= 0) continue;
			const matches =
				typeof active.match === 'function' ? active.match(req, target) : matchesFaultMatch(active.match, req, target);
			if (!matches) continue;
			if (active.skipRemaining > 0) {
				active.skipRemaining--;
				continue;
			}
			active.timesRemaining--;
			active.hits++;
			return active.fault;
		}
		return undefined;
	}
}

/** Checks a FaultSpec received as JSON on the control surface; returns an error message or undefined. */
export function validateFaultSpec(value: unknown): string | undefined {
	if (typeof value !== 'object' || value === null) return 'body must be a FaultSpec object';
	const spec = value as Record<string, unknown>;
	if (typeof spec.match !== 'object' || spec.match === null) return 'match must be an object';
	const fault = spec.fault as Record<string, unknown> | undefined;
	if (typeof fault !== 'object' || fault === null) return 'fault must be an object';
	switch (fault.kind) {
		case 'delay':
			return typeof fault.ms === 'number' && fault.ms >= 0 ? undefined : 'delay needs ms >= 0';
		case 'statusBeforeCommit':
			return typeof fault.status === 'number' && fault.status >= 100 && fault.status <= 599
				? undefined
				: 'statusBeforeCommit needs a status';
		case 'rateLimit':
			return typeof fault.retryAfterSeconds === 'number' && fault.retryAfterSeconds >= 0
				? undefined
				: 'rateLimit needs retryAfterSeconds >= 0';
		case 'redirect':
			return [301, 302, 303, 307, 308].includes(fault.status as number) && typeof fault.location === 'string'
				? undefined
				: 'redirect needs a 3xx status and a location';
		case 'statusAfterCommit':
		case 'echoRequest':
			return typeof fault.status === 'number' && fault.status >= 100 && fault.status <= 599
				? undefined
				: `${fault.kind} needs a status`;
		case 'lateCommit':
			return typeof fault.afterMs === 'number' && fault.afterMs >= 0 ? undefined : 'lateCommit needs afterMs >= 0';
		case 'badAnswer':
			return (BAD_ANSWER_BODIES as string[]).includes(fault.body as string) ? undefined : 'badAnswer needs a body kind';
		case 'cutBody':
			return typeof fault.afterBytes === 'number' && fault.afterBytes >= 0
				? undefined
				: 'cutBody needs afterBytes >= 0';
		case 'hang':
		case 'dropAfterCommit':
		case 'dropBeforeCommit':
		case 'status500AfterCommit':
		case 'mcpUncertain':
		case 'partialWrite':
			return undefined;
		default:
			return `unknown fault kind ${String(fault.kind)}`;
	}
}
