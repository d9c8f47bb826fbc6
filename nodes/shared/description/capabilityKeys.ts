import type { INodeProperties } from 'n8n-workflow';

/*
 * The Include Capability Keys option of every Options collection, per node version and, in the action nodes, per
 * form (node or AI tool); common.descriptions.ts puts it in the collections.
 */

const CAPABILITY_KEYS = 'Include Capability Keys';
/**
 * Include Capability Keys, one entry per node version (`execution/toolUse.ts` `keepsCapabilityKeys` reads it): on
 * by default in version 1, as 0.1.0 saved it; off from version 2 on, so keys stay out of outputs and saved
 * executions unless the user adds the option and switches it on. The triggers' form (no AI tool of them).
 */
export const capabilityKeysOptions: INodeProperties[] = [
	{
		displayName: CAPABILITY_KEYS,
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
		displayName: CAPABILITY_KEYS,
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

/**
 * The action nodes' Include Capability Keys: as the triggers', except that an AI tool (`@tool`, decided by
 * nodeForms.ts) leaves the keys out in every version, so its version-1 toggle shows off, as the tool runs when the
 * option is not added (0.1.0 showed it on, which the tool never did).
 */
export const actionCapabilityKeysOptions: INodeProperties[] = [
	{ ...capabilityKeysOptions[0], displayOptions: { show: { '@version': [1], '@tool': [false] } } },
	{
		displayName: CAPABILITY_KEYS,
		name: 'capabilityKeys',
		type: 'boolean',
		default: false,
		description:
			'Whether the output keeps edit, upload and delete keys and access tokens: anyone who reads ' +
			"them can change the item without the account's credentials. Off unless switched on, so they " +
			"never reach the model's provider.",
		displayOptions: { show: { '@version': [1], '@tool': [true] } },
	},
	capabilityKeysOptions[1],
];
