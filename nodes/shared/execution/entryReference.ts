import { readLocator, refuseInput, type ParameterContext } from './parameters';

/** What a user is told when a folder or file given by hash holds a space. */
export const HASH_HAS_NO_SPACES = 'A hash has no spaces: paste the whole value the service returned';

/**
 * A folder or file parameter of the storage: a hash (no spaces), a path from ROOT (`/Documents/Reports`) or, as an
 * AI tool (`byName`), a name. Checked here rather than by a regex in the locator's description: n8n runs those
 * under a 250 ms wall-clock watchdog at the start of every execution, which a busy server trips for a valid hash.
 */
export function readEntryReference(
	ctx: ParameterContext,
	parameter: { name: string; label: string; required?: boolean },
	itemIndex: number,
	byName = false,
): string {
	const value = readLocator(ctx, parameter.name, itemIndex, parameter.label, parameter.required ?? true);
	if (byName || value.startsWith('/') || !/\s/.test(value)) return value;
	return refuseInput(ctx, itemIndex, `The parameter "${parameter.label}" is not a hash`, `${HASH_HAS_NO_SPACES}.`);
}
