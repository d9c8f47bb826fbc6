import type { IDataObject } from 'n8n-workflow';

import { entryCreatedAt } from '../../adapters/storage/entryFields';

/**
 * The clock of the storage's listing times (an entry's `timestamp_uploaded`, `timestamp_created`) against this
 * machine's, learnt from the service's own answers that carry one for an object we had just asked for: an upload's
 * answer names its `timestamp_uploaded`, and that object was made between our send and the answer. Nothing in the
 * storage API ties listing times to the HTTP `Date` clock, so until an answer shows the offset, the read-back allows
 * them to be apart by LISTING_SKEW_MS.
 */
export class ListingClock {
	/** Bounds of (listing time − our time), in ms; lo > hi means the answers contradicted each other. */
	private lo = -Infinity;
	private hi = Infinity;

	/** Notes an answer's listing time of the object made between `sentAt` and `answeredAt` (ours, in ms). */
	note(answer: IDataObject, sentAt: number, answeredAt: number): void {
		const listed = entryCreatedAt(answer);
		if (listed === undefined) return;
		// Listing times are whole seconds: the object was made within the second `listed` names.
		this.lo = Math.max(this.lo, listed - answeredAt);
		this.hi = Math.min(this.hi, listed + 1000 - sentAt);
	}

	/** The earliest listing time at our `localMs`, when answers showed the offset (and agreed). */
	earliestAt(localMs: number): number | undefined {
		return Number.isFinite(this.lo) && this.lo <= this.hi ? localMs + this.lo : undefined;
	}

	/** The latest listing time at our `localMs`, when answers showed the offset (and agreed). */
	latestAt(localMs: number): number | undefined {
		return Number.isFinite(this.hi) && this.lo <= this.hi ? localMs + this.hi : undefined;
	}
}
