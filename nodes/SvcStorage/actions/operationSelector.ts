import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A resource's Operation parameter: every operation once, whichever credential is chosen, so n8n's
 * action list shows each exactly once. What the hosted MCP connector lacks (it never deletes or
 * restores) says so in its description and is refused at run time with the reason; what only the
 * connector has says "MCP only" and is refused over REST the same way.
 */
export function operationSelector(resource: string, restOptions: INodePropertyOptions[], mcpOptions: INodePropertyOptions[], defaultOperation: string): INodeProperties {
	const mcpValues = valuesOf(mcpOptions);
	const restValues = valuesOf(restOptions);
	const options = [
		...restOptions.map((option) =>
			mcpValues.includes(String(option.value)) ? option : { ...option, description: `${String(option.description ?? option.name)} (not over MCP)` },
		),
		...mcpOptions.filter((option) => !restValues.includes(String(option.value))),
	].sort((a, b) => a.name.localeCompare(b.name));
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultOperation,
	};
}

/** The values of the operations the MCP connector offers, for the router's check. */
export function valuesOf(options: INodePropertyOptions[]): string[] {
	return options.map((option) => String(option.value));
}
