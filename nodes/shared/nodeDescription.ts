import type { INodeCredentialDescription, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Choice } from './descriptions';
import { choice, timeoutOption } from './descriptions';

/**
 * The parts of a node's description that follow from what the node is: version 1, its defaults,
 * one main output, and one main input unless it is a polling trigger (group `trigger`). The node
 * class adds `icon`, `subtitle` and (an action node) `usableAsTool` in its own literal, where
 * n8n's lint reads them.
 */
export function nodeDescription(node: {
	displayName: string;
	name: string;
	group: INodeTypeDescription['group'];
	description: string;
	credentials: INodeCredentialDescription[];
	properties: INodeProperties[];
}): Omit<INodeTypeDescription, 'icon' | 'subtitle'> {
	const trigger = node.group.includes('trigger');
	return {
		displayName: node.displayName,
		name: node.name,
		group: node.group,
		version: 1,
		description: node.description,
		defaults: { name: node.displayName },
		...(trigger ? { polling: true } : {}),
		inputs: trigger ? [] : [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: node.credentials,
		properties: node.properties,
	};
}

/**
 * The Resource parameter, its choices in the order n8n's action list shows them (most used first),
 * then each resource's own parameters in the order of `resources`.
 */
export function resourceProperties(
	defaultResource: string,
	choices: Choice[],
	resources: Record<string, { description: INodeProperties[] }>,
): INodeProperties[] {
	return [
		choice({ displayName: 'Resource', name: 'resource', noDataExpression: true, default: defaultResource }, choices),
		...Object.values(resources).flatMap((resource) => resource.description),
	];
}

/** A notice: text the editor shows among the parameters, where `show` says (always when not given). */
export function notice(name: string, text: string, show?: Record<string, string[]>): INodeProperties {
	return { displayName: text, name, type: 'notice', default: '', ...(show ? { displayOptions: { show } } : {}) };
}

/** A collection parameter: optional parameters the user adds one by one ("Add Filter", "Add Option"). */
function collection(
	name: 'filters' | 'options',
	options: INodeProperties[],
	show?: Record<string, string[]>,
): INodeProperties {
	const noun = name === 'filters' ? 'Filter' : 'Option';
	return {
		displayName: `${noun}s`,
		name,
		type: 'collection',
		placeholder: `Add ${noun}`,
		default: {},
		...(show ? { displayOptions: { show } } : {}),
		options,
	};
}

/** A Filters collection: optional conditions an item must meet, shown where `show` says. */
export function filtersCollection(options: INodeProperties[], show?: Record<string, string[]>): INodeProperties {
	return collection('filters', options, show);
}

export const DEFAULT_MAX_ITEMS_PER_POLL = 100;

/** A trigger's Max Items per Poll option: `what` names what one poll emits. */
export function maxItemsPerPollOption(name: string, what: string): INodeProperties {
	return {
		displayName: 'Max Items per Poll',
		name,
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 1000 },
		default: DEFAULT_MAX_ITEMS_PER_POLL,
		description: `The most ${what} one poll emits, oldest first. More are left for the next poll; none is lost.`,
	};
}

/** A trigger's Options collection: its own options, then the Timeout of each request. */
export function triggerOptions(own: INodeProperties[]): INodeProperties {
	return collection('options', [...own, timeoutOption]);
}
