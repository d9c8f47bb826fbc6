import type { INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

export interface EditorAction {
	resource: string;
	operation: string;
	/** The words the node panel shows for the action. */
	action: string;
}

/**
 * n8n's action list, as its node panel builds it: each resource option, with each option of every
 * Operation parameter shown for that resource (the Authentication choice is ignored).
 */
export function actionListOf(node: INodeTypeDescription): EditorAction[] {
	const resources = node.properties.filter((property) => property.name === 'resource').flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);
	const operations = node.properties.filter((property) => property.name === 'operation');
	return resources.flatMap((resource) =>
		operations
			.filter((property: INodeProperties) => (property.displayOptions?.show?.resource ?? []).includes(resource.value))
			.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
			.map((option) => ({ resource: String(resource.value), operation: String(option.value), action: String(option.action) })),
	);
}
