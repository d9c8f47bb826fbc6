import type { INodeProperties } from 'n8n-workflow';

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
		'How long to wait, in milliseconds, for the service to answer before giving up. Writes are checked, not repeated, after a timeout.',
};

/** The Options collection of an operation: the timeout plus the operation's own options. */
export function optionsCollection(own: INodeProperties[] = []): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...own, timeoutOption].sort((a, b) => a.displayName.localeCompare(b.displayName)),
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
	return `={{ ${JSON.stringify(actions)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
