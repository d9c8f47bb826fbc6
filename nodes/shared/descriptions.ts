import type { INodeProperties } from 'n8n-workflow';

import { capabilityKeysOption } from './toolUse';
import { DEFAULT_TIMEOUT_MS } from './transport/http';

export { DEFAULT_TIMEOUT_MS };

/** Return All / Limit, shown for the given operations. */
export function returnAllOrLimit(show: Record<string, string[]>, maxLimit?: number): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, ...(maxLimit ? { maxValue: maxLimit } : {}) },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

export const timeoutOption: INodeProperties = {
	displayName: 'Timeout',
	name: 'timeout',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_TIMEOUT_MS,
	description:
		'How long to wait, in milliseconds, for the service to answer before giving up. Writes are ' +
		'checked, not repeated, after a timeout.',
};

export const rateLimitWaitOption: INodeProperties = {
	displayName: 'Longest Rate Limit Wait (Seconds)',
	name: 'rateLimitWait',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 60,
	description:
		'When the service answers 429 (too many requests) it says how long to wait; the node waits ' +
		'that long and tries again, but never longer than this. A longer wait ends the item with ' +
		'the rate-limit error. Waits of 5 s or more are logged.',
};

/** The read operations' Batching option, as n8n's HTTP Request node offers it. */
export const DEFAULT_ITEMS_PER_BATCH = 10;

export const batchingOption: INodeProperties = {
	displayName: 'Batching',
	name: 'batching',
	placeholder: 'Add Batching',
	type: 'fixedCollection',
	typeOptions: { multipleValues: false },
	default: { batch: {} },
	description: 'How many input items are read at once. Over an MCP credential items are read one after another.',
	options: [
		{
			displayName: 'Batching',
			name: 'batch',
			values: [
				{
					displayName: 'Items per Batch',
					name: 'batchSize',
					type: 'number',
					typeOptions: { minValue: 1 },
					default: DEFAULT_ITEMS_PER_BATCH,
					description: 'Input items read at the same time. 1 reads them one after another.',
				},
				{
					displayName: 'Batch Interval (Ms)',
					name: 'batchInterval',
					type: 'number',
					typeOptions: { minValue: 0 },
					default: 0,
					description: 'Time (in milliseconds) between each batch of requests. 0 for disabled.',
				},
			],
		},
	],
};

/** The Options collection of a read operation: Batching plus the usual options. */
export function readOptionsCollection(own: INodeProperties[] = []): INodeProperties {
	return optionsCollection([...own, batchingOption]);
}

/** The Options collection of an operation: the timeout plus the operation's own options. */
export function optionsCollection(own: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...own, timeoutOption, rateLimitWaitOption, capabilityKeysOption].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	};
}

/**
 * The canvas subtitle: the chosen operation's action ("Upload a file"), in the same words as the
 * action list, built from the node's own Operation parameters.
 */
export function actionSubtitle(properties: INodeProperties[]): string {
	const actions: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation' || !property.options) continue;
		const resources = (property.displayOptions?.show?.resource ?? []) as string[];
		for (const option of property.options) {
			if (!('action' in option) || typeof option.action !== 'string') continue;
			for (const resource of resources) actions[`${resource}:${String(option.value)}`] = option.action;
		}
	}
	// Over MCP the canvas says so: the Authentication choice changes what an operation can do.
	return (
		`={{ ${JSON.stringify(actions)}[$parameter["resource"] + ":" + $parameter["operation"]] + ` +
		`(String($parameter["authentication"]).startsWith("svcMcp") ? " (over MCP)" : "") }}`
	);
}

/** One choice of an options parameter: its name, its value and, where it needs one, a description. */
export type Choice = [name: string, value: string, description?: string];

/** An options parameter from its choices, one line each. */
export function choice(parameter: Omit<INodeProperties, 'type' | 'options'>, choices: Choice[]): INodeProperties {
	return {
		...parameter,
		type: 'options',
		options: choices.map(([name, value, description]) => ({ name, value, ...(description ? { description } : {}) })),
	};
}

/**
 * A search's Query and Limit: the service takes 1 to 200 characters of query (readSearch checks both) and 1
 * to `maxResults` results.
 */
export function searchProperties(
	query: { placeholder: string; description: string },
	limit: { max: number; default: number },
): INodeProperties[] {
	return [
		{ displayName: 'Query', name: 'query', type: 'string', default: '', required: true, ...query },
		// eslint-disable-next-line n8n-nodes-base/node-param-default-missing -- each search's own, from the caller
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: limit.max },
			default: limit.default,
			description: 'Max number of results to return',
		},
	];
}
