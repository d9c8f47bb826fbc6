import type {
	INode,
	INodeCredentialDescription,
	INodeParameters,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

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
	const resources = node.properties
		.filter((property) => property.name === 'resource')
		.flatMap((property) => (property.options ?? []) as INodePropertyOptions[]);
	const operations = node.properties.filter((property) => property.name === 'operation');
	return resources.flatMap((resource) =>
		operations
			.filter((property: INodeProperties) => (property.displayOptions?.show?.resource ?? []).includes(resource.value))
			.flatMap((property) => (property.options ?? []) as INodePropertyOptions[])
			.map((option) => ({
				resource: String(resource.value),
				operation: String(option.value),
				action: String(option.action),
			})),
	);
}

/** A node's parameters as the editor and the engine hold them: what was set, and the defaults of the rest. */
export function withDefaults(node: INodeTypeDescription, set: INodeParameters): INodeParameters {
	const version = Array.isArray(node.version) ? node.version.at(-1)! : node.version;
	return (
		NodeHelpers.getNodeParameters(
			node.properties,
			set,
			true,
			false,
			{ parameters: set, typeVersion: version } as unknown as INode,
			node,
		) ?? {}
	);
}

export interface SavedCredential {
	id: string;
	type: string;
	updatedAt: string;
}

/**
 * n8n's editor's reading of a node's credentials (n8n 1.123 and 2.41 alike: nodeTypesUtils'
 * getMainAuthField and isRequiredCredential, useNodeCredentialOptions, getAutoSelectedCredential),
 * replayed over a node description: the parameter it takes for the "main auth field" (hidden from
 * the panel when there is one), the credentials the node's dropdown offers for the parameters set,
 * and the one a new node starts with (the newest saved of those offered).
 */
export function editorCredentialsOf(node: INodeTypeDescription, set: INodeParameters, saved: SavedCredential[]) {
	const parameters = withDefaults(node, set);
	const credentials = node.credentials ?? [];
	const authFieldNames = new Set(
		credentials.flatMap((credential) => Object.keys(credential.displayOptions?.show ?? {})),
	);
	const mainAuthField = node.properties.find(
		(property) =>
			authFieldNames.has(property.name) &&
			property.name === 'authentication' &&
			!(property.options as INodePropertyOptions[] | undefined)?.some((option) => option.value === 'none'),
	);
	const isRequired = (credential: INodeCredentialDescription) =>
		!credential.displayOptions?.show || (mainAuthField ? mainAuthField.name in credential.displayOptions.show : false);
	const editorNode = {
		parameters,
		typeVersion: Array.isArray(node.version) ? node.version.at(-1)! : node.version,
	} as unknown as INode;
	const displayed = credentials.filter(
		(credential) =>
			!credential.displayOptions || NodeHelpers.displayParameter(parameters, credential, editorNode, node),
	);
	const offeredTypes = displayed.flatMap((credential) =>
		isRequired(credential) && mainAuthField
			? credentials
					.filter((other) => other.displayOptions?.show?.[mainAuthField.name] !== undefined)
					.map((other) => other.name)
			: [credential.name],
	);
	const offered = saved.filter((credential) => offeredTypes.includes(credential.type));
	const preselected = offered.length ? offered.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b)) : undefined;
	return { mainAuthField: mainAuthField?.name, offeredTypes: [...new Set(offeredTypes)], preselected };
}
