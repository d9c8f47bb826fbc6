import { AmbiguousReadBack } from './uncertainWrite';

/*
 * A create's verdict after an unknown outcome: which object in the write's place, if any, is this item's write. An
 * object is ours when it holds exactly what was sent (a file's bytes, a task's fields, a comment's text, an empty
 * folder of the name) and nothing the service shows rules it out: another account made it, another item or run of
 * this execution made it, it was there before the write, or it is older than the send by a clock that can tell.
 * Whole-second times never make an object ours; they only rule one out. The services say what each object holds
 * and shows (storage/readBack.ts, dvs/readBack.ts); the rule is here, once, for every create.
 */

/** What an object holds against what the write sent. */
export type Holds = 'what was sent' | 'something else' | 'unknown';

/**
 * When an object was made against the send: `before` by a clock that can tell (a calibrated one, or earlier than the
 * clocks can be apart); `maybe before` before it by a clock that may lag that far; `not before` otherwise (also when
 * the place shows no time, or the send's time is not known).
 */
export type Made = 'before' | 'maybe before' | 'not before';

/** An object in the write's place that a read-back could take for the write. */
export interface Candidate {
	/** How a message names it: `a folder "Report"`. */
	shown: string;
	/** What the service shows that makes it another's: another account's, another item's or run's, there before. */
	ruledOut?: boolean;
	/** Why its name proves nothing (a look-alike, a name the service may have cut or numbered), if it does not. */
	nameDoubt?: string;
	made: Made;
	holds: Holds;
}

/**
 * The write's send on the clock of the place's times (ms): the earliest that clock can have shown at the send, and
 * how far it may lag the clock that gave that bound (0 once calibrated from what this run's own objects show).
 */
export interface SendOnClock {
	earliest: number;
	lag: number;
}

/**
 * How an object made at `created` (ms, the place's clock; `resolution` the unit its times are given in) stands
 * against the send: a time names the start of its unit, so one made in the send's own second is not before it.
 */
export function madeAgainst(
	created: number | undefined,
	resolution: number,
	send: SendOnClock | undefined,
): Made {
	if (created === undefined || send === undefined) return 'not before';
	if (created + resolution <= send.earliest - send.lag) return 'before';
	return created + resolution <= send.earliest ? 'maybe before' : 'not before';
}

/** Why a candidate that was not ruled out is not proof of the write; undefined when it is ours. */
function doubtAbout(candidate: Candidate): string | undefined {
	if (candidate.nameDoubt) return `${candidate.shown}, ${candidate.nameDoubt}`;
	if (candidate.holds === 'unknown')
		return `${candidate.shown}, whose content the node cannot compare with what was sent`;
	if (candidate.made === 'maybe before')
		return (
			`${candidate.shown} holding what was sent, made before the send by a clock that may lag the ` +
			`service's, so it may be older than the write`
		);
	return undefined;
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
	const doubts = possible.map(doubtAbout).filter((doubt): doubt is string => doubt !== undefined);
	if (doubts.length > 0) throw new AmbiguousReadBack(doubts[0]);
	if (possible.length > 1) throw new AmbiguousReadBack(`${possible.length} objects that hold what was sent`);
	return possible[0];
}
