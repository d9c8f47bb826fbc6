import type { INodeCredentialDescription, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import type { Choice } from './descriptions';
import { choice } from './descriptions';

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
