import type { IPollFunctions } from 'n8n-workflow';

import type { SavedState } from './state';
import { fingerprintOf, readSavedState, unreadableState, writeSavedState, writeStartingPoint } from './state';

export type { SavedState };
export { unreadableState };

/**
 * What one trigger event watches (its event, folder or filters), with the state saved for it: each
 * poll reads that state, then takes its starting point or saves what it emitted, always under the
 * target's fingerprint, so a changed target starts afresh (`state.ts`).
 */
export class WatchedTarget {
	private readonly fingerprint: string;

	constructor(
		private readonly ctx: IPollFunctions,
		target: object,
	) {
		this.fingerprint = fingerprintOf(target);
	}

	/** The state saved for this target, or undefined when there is none (`readSavedState`). */
	read(): SavedState | undefined {
		return readSavedState(this.ctx, this.fingerprint);
	}

	/** The first state: what exists now counts as seen (`writeStartingPoint`). */
	start(state: object): void {
		writeStartingPoint(this.ctx, this.fingerprint, state);
	}

	/** The state after a poll. */
	save(state: object): void {
		writeSavedState(this.ctx, this.fingerprint, state);
	}
}
