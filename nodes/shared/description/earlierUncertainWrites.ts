import type { INodeProperties } from 'n8n-workflow';

import { EARLIER_UNCERTAIN_WRITES } from '../services/exactlyOnce/wayForward';
import { withOptions } from './common.descriptions';

/**
 * Earlier Uncertain Writes, in the Options collection of every write operation of the storage and DVS nodes (both
 * versions, the node and its tool: operation.ts `resourceDescription` adds it): what a write an earlier try of the
 * node left "Outcome uncertain" does when its look still cannot settle it (services/exactlyOnce/wayForward.ts
 * `earlierUncertainStep`, read only where such a write's record or an item's `uncertainWrite` is met). A new write
 * never reads it, so leaving it set harms nothing.
 */
export const earlierUncertainWritesOption: INodeProperties = {
	displayName: 'Earlier Uncertain Writes',
	name: EARLIER_UNCERTAIN_WRITES,
	type: 'options',
	options: [
		{
			name: 'Stop and Say So',
			value: 'stop',
			description: 'Fail the item again with "Outcome uncertain", saying what to check',
		},
		{
			name: 'Take What Was Found',
			value: 'takeFound',
			description:
				'Output the object the destination holds with exactly what was sent (marked reconciled), whoever ' +
				'made it; where none holds it, write it once',
		},
		{
			name: 'Write Again',
			value: 'writeAgain',
			description: 'Send the write once more: a second copy if the earlier one landed after all',
		},
	],
	default: 'stop',
	description:
		'Only for a write an earlier try of this node left "Outcome uncertain" (Retry execution, Retry On Fail, or ' +
		'an uncertain item sent back into the node): what to do when the node still cannot tell whether it landed. ' +
		'Check the destination first. New writes are never affected.',
};

/** An operation's Options collection with Earlier Uncertain Writes among them, in the order of their names. */
export function withEarlierUncertainWrites(collection: INodeProperties): INodeProperties {
	const options = (collection.options ?? []) as INodeProperties[];
	if (options.some((option) => option.name === EARLIER_UNCERTAIN_WRITES)) return collection;
	return withOptions(collection, [earlierUncertainWritesOption]);
}
