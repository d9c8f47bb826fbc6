import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { mcpOnly, restOnly } from '../../shared/services/select';

/**
 * A resource's Operation parameter twice: every operation with the Svc Storage API credential,
 * and with an MCP credential only those the hosted MCP connector offers (plus its own). The
 * connector never deletes or restores, and has no upload keys or watermarks (document 2).
 */
export function operationSelectors(
	resource: string,
	restOptions: INodePropertyOptions[],
	mcpOptions: INodePropertyOptions[],
	defaults: { rest: string; mcp: string },
): INodeProperties[] {
	const base = { displayName: 'Operation', name: 'operation', type: 'options' as const, noDataExpression: true };
	return [
		{ ...base, displayOptions: { show: { resource: [resource], ...restOnly('svcStorageApi').show } }, options: restOptions, default: defaults.rest },
		{
			...base,
			displayOptions: { show: { resource: [resource], ...mcpOnly.show } },
			options: [...mcpOptions].sort((a, b) => a.name.localeCompare(b.name)),
			default: defaults.mcp,
		},
	];
}

/** The values of the MCP selector's options, for the router's check. */
export function valuesOf(options: INodePropertyOptions[]): string[] {
	return options.map((option) => String(option.value));
}
