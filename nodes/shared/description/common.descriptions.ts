import type { INodeProperties, INodePropertyMode } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../transport/timeouts';

/*
 * Parameters that stand in the forms of two or more nodes, each written once as the editor shows it. An
 * operation file lists them by name among its own literals, a locator or a collection with its own name,
 * description or options spread over it; n8n's lint reads them here.
 */

export { DEFAULT_TIMEOUT_MS };

/**
 * Include Capability Keys, one entry per node version (`execution/toolUse.ts` `keepsCapabilityKeys` reads it): on
 * by default in version 1, as 0.1.0 saved it; off from version 2 on, so keys stay out of outputs and saved
 * executions unless the user adds the option and switches it on. An AI tool leaves them out in every version.
 */
export const capabilityKeysOptions: INodeProperties[] = [
	{
		displayName: 'Include Capability Keys',
		name: 'capabilityKeys',
		type: 'boolean',
		default: true,
		description:
			'Whether the output keeps edit, upload and delete keys and access tokens: anyone who reads ' +
			"them can change the item without the account's credentials. Off by default when the node " +
			"is an AI tool, so they never reach the model's provider.",
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName: 'Include Capability Keys',
		name: 'capabilityKeys',
		type: 'boolean',
		default: false,
		description:
			'Whether the output keeps edit, upload and delete keys and access tokens: anyone who reads ' +
			"them can change the item without the account's credentials, and n8n keeps them with every " +
			'saved execution. Switch it on only when a later step needs a key.',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
	},
];

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

/** The Options collection of an operation: Include Capability Keys, Longest Rate Limit Wait, Timeout. */
export const optionsCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [...capabilityKeysOptions, rateLimitWaitOption, timeoutOption],
};

/** The same for an operation that reads: Batching first. */
export const readOptionsCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [batchingOption, ...capabilityKeysOptions, rateLimitWaitOption, timeoutOption],
};

/**
 * An Options collection with an operation's own options added to the ones every operation has, all in the order of
 * their names, as n8n's lint asks of a collection (it cannot read names given by reference).
 */
export function withOptions(collection: INodeProperties, own: INodeProperties[]): INodeProperties {
	const options = [...own, ...((collection.options ?? []) as INodeProperties[])];
	return { ...collection, options: options.sort((a, b) => a.displayName.localeCompare(b.displayName)) };
}

/** The optional conditions of a list or a trigger ("Add Filter"): each spreads it with its own `options`. */
export const filtersCollection: INodeProperties = {
	displayName: 'Filters',
	name: 'filters',
	type: 'collection',
	placeholder: 'Add Filter',
	default: {},
	options: [],
};

/**
 * A resource locator picked from a searchable list of `noun`s or entered in its `direct` mode ("By Hash", "By ID"):
 * the storage's folders and files here, a DVS register's documents in `SvcDvs/actions/common.descriptions.ts`, the
 * DVS trigger's task and project.
 */
export function listOrDirectLocator(
	parameter: { displayName: string; name: string },
	list: { noun: string; searchListMethod: string },
	direct: INodePropertyMode,
): INodeProperties {
	return {
		...parameter,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${list.noun}...`,
				typeOptions: { searchListMethod: list.searchListMethod, searchable: true },
			},
			direct,
		],
	};
}

/** Return All of a listing. */
export const returnAllProperty: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

/** Limit of a listing, shown while Return All is off. */
export const limitProperty: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 50,
	description: 'Max number of results to return',
	displayOptions: { show: { returnAll: [false] } },
};

/** A search's Query: 1 to 200 characters (`execution/parameters.ts` `readSearch`), with the search's own words. */
export const queryProperty: INodeProperties = {
	displayName: 'Query',
	name: 'query',
	type: 'string',
	default: '',
	required: true,
};

/** A resource locator's direct mode for an ID: its placeholder and check are the locator's own. */
export const byIdMode = { displayName: 'By ID', name: 'id', type: 'string' as const };

/**
 * A hash, or a path from ROOT. Checked by the node (`execution/entryReference.ts`), never by a `validation` regex:
 * n8n runs that at the start of every execution under a 250 ms wall-clock watchdog, which a busy server trips.
 */
const byHashMode = { displayName: 'By Hash', name: 'id', type: 'string' as const };

/** A folder of the storage, picked from a list browsed from ROOT or given by hash. */
export const folderLocator: INodeProperties = {
	...listOrDirectLocator(
		{ displayName: 'Folder', name: 'folder' },
		{ noun: 'folder', searchListMethod: 'searchFolders' },
		{ ...byHashMode, placeholder: 'e.g. Xk9fQ2mB7a' },
	),
	required: true,
};

/** A file of the storage, picked from a list browsed from ROOT or given by hash. */
export const fileLocator: INodeProperties = {
	...listOrDirectLocator(
		{ displayName: 'File', name: 'file' },
		{ noun: 'file', searchListMethod: 'searchFiles' },
		{ ...byHashMode, placeholder: 'e.g. q7Lm2Pz0Rt4' },
	),
	required: true,
};

/** A trigger's Max Items per Poll, when the option is not set. */
export const DEFAULT_MAX_ITEMS_PER_POLL = 100;

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
