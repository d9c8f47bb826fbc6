import { AmbiguousReadBack } from './uncertainWrite';

/*
 * A create's verdict after an unknown outcome: which object in the write's place, if any, is this item's write. An
 * object is ours when it holds exactly what was sent (a file's bytes, a task's fields, a comment's text, an empty
 * folder of the name) and nothing the service shows rules it out: another account made it, another item or run of
 * this execution made it, it was there before the write, or it is older than the send by a clock that can tell.
 * Whole-second times never make an object ours; they only rule one out. The services say what each object holds
 * and shows (storage/readBack.ts, dvs/readBack.ts); the rule is here, once, for every create.
 */

/**
 * What an object holds against what the write sent: `unknown` where the node has nothing to compare it with,
 * `maybe what was sent` where it differs in a way the service may have made (a watermark, an import's source that
 * changed since it was fetched).
 */
export type Holds = 'what was sent' | 'something else' | 'maybe what was sent' | 'unknown';

/**
 * When an object was made against the send: `before` by a clock that can tell (a calibrated one, or earlier than the
 * clocks can be apart); `maybe before` before it by a clock that may lag that far, or by a clock shown to be off
 * (dated past the service's now); `after` in a second that began after the latest the send can have been; `not
 * before` otherwise — within the send's own seconds, or the place shows no time, or the send's time is not known.
 */
export type Made = 'before' | 'maybe before' | 'not before' | 'after';

/** An object in the write's place that a read-back could take for the write. */
export interface Candidate {
	/** How a message names it: `a folder "Report"`. */
	shown: string;
	/** What the service shows that makes it another's: another account's, another item's or run's, there before. */
	ruledOut?: boolean;
	/** Why its name proves nothing (a look-alike, a name the service may have cut or numbered), if it does not. */
	nameDoubt?: string;
	/** Why what it holds could not be read (a read-back that failed), if it could not. */
	unreadable?: string;
	made: Made;
	holds: Holds;
	/** Its creation time on the place's clock (ms), where the place shows one. */
	createdAt?: number;
}

/**
 * The write's send on the clock of the place's times (ms): the earliest that clock can have shown at the send, and
 * how far it may lag the clock that gave that bound (0 once calibrated from what this run's own objects show).
 */
export interface SendOnClock {
	earliest: number;
	/** The latest that clock can have shown at the send, where known. */
	latest?: number;
	lag: number;
}

/**
 * How an object made at `created` (ms, the place's clock; `resolution` the unit its times are given in) stands
 * against the send: a time names the start of its unit, so one made in the send's own second is not before it.
 */
export function madeAgainst(created: number | undefined, resolution: number, send: SendOnClock | undefined): Made {
	if (created === undefined || send === undefined) return 'not before';
	if (created + resolution <= send.earliest - send.lag) return 'before';
	if (created + resolution <= send.earliest) return 'maybe before';
	return send.latest !== undefined && created >= send.latest ? 'after' : 'not before';
}

/** A place whose clock is shown to be off (an object dated past the service's now): its times place nothing. */
export function unplaced(made: Made): Made {
	return made === 'before' ? made : 'maybe before';
}

/** Why a candidate that was not ruled out is not proof of the write; undefined when it is ours. */
function doubtAbout(candidate: Candidate): string | undefined {
	if (candidate.nameDoubt) return `${candidate.shown}, ${candidate.nameDoubt}`;
	if (candidate.unreadable)
		return `${candidate.shown}, whose content could not be read to compare with what was sent (${candidate.unreadable})`;
	if (candidate.holds === 'maybe what was sent')
		return (
			`${candidate.shown}, which holds other bytes than were sent, as the service may store them (a watermark, ` +
			`an import's source that changed since)`
		);
	// Content the node cannot compare is placed by its time alone: made in a second begun after the send.
	if (candidate.holds === 'unknown' && candidate.made !== 'after')
		return `${candidate.shown}, whose content the node cannot compare with what was sent`;
	if (candidate.made === 'maybe before')
		return (
			`${candidate.shown} holding what was sent, dated before the write was sent by a clock that may lag the ` +
			`service's (or read in another zone), so it may be the write or older`
		);
	return undefined;
}

/**
 * The one candidate that holds what was sent and is not before the send, when every other that holds it is dated
 * before it by the place's own clock: those are older than it, so it is the write (the service names a taken name
 * anew, so an older copy beside a newer one is the usual sight after a retried upload).
 */
function newestHolding<T extends Candidate>(possible: T[]): T | undefined {
	const firm = possible.filter(
		(candidate) =>
			!candidate.nameDoubt &&
			candidate.holds === 'what was sent' &&
			(candidate.made === 'not before' || candidate.made === 'after'),
	);
	if (firm.length !== 1 || firm[0].createdAt === undefined) return undefined;
	const newest = firm[0].createdAt;
	const olderCopies = possible.every(
		(candidate) =>
			candidate === firm[0] ||
			(!candidate.nameDoubt &&
				candidate.holds === 'what was sent' &&
				candidate.made === 'maybe before' &&
				candidate.createdAt !== undefined &&
				candidate.createdAt < newest),
	);
	return olderCopies ? firm[0] : undefined;
}

/**
 * The candidate that is this item's write; undefined when none can be (the write is absent); an AmbiguousReadBack
 * naming what the place shows when it proves nothing either way: one that holds what was sent but may be older
 * than the send, one whose content or name cannot be compared, or more than one that holds what was sent.
 */
export function ourObject<T extends Candidate>(candidates: T[]): T | undefined {
	const possible = candidates.filter(
		(candidate) => !candidate.ruledOut && candidate.holds !== 'something else' && candidate.made !== 'before',
	);
	const newest = newestHolding(possible);
	if (newest) return newest;
	const doubts = possible.map(doubtAbout).filter((doubt): doubt is string => doubt !== undefined);
	if (doubts.length > 0) throw new AmbiguousReadBack(doubts[0]);
	if (possible.length > 1) throw new AmbiguousReadBack(`${possible.length} objects that hold what was sent`);
	return possible[0];
}

/**
 * What a candidate holds, read by `holds`; a read that fails leaves it unreadable (a doubt), so the look proves
 * nothing rather than failing: the next look of the settle window may read it.
 */
export async function readHolds<T extends Candidate>(candidate: T, holds: () => Promise<Holds>): Promise<void> {
	try {
		candidate.holds = await holds();
	} catch (error) {
		candidate.unreadable = error instanceof Error ? error.message : String(error);
	}
}
