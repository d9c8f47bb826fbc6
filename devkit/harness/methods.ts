import { LoadOptionsContext } from 'n8n-core';
import {
	UnexpectedError,
	type ILoadOptionsFunctions,
	type INode,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type ResourceMapperFields,
} from 'n8n-workflow';

import type { CredentialsMap } from './credentials';
import { inRunScope, newRunScope } from './engine';
import { createAdditionalData, createWorkflow, prepareNodes } from './execution';
import { loadPackage } from './loader';

export interface NodeMethodOptions {
	type: string;
	typeVersion?: number;
	credentials?: CredentialsMap;
	method: string;
	/** The node's current parameters, as the editor sends them (defaults are filled in). */
	parameters?: INodeParameters;
	/** Path of the parameter being filled, for `&sibling` lookups; default `parameters.<method>`. */
	path?: string;
	root?: string;
}

export interface ListSearchOptions extends NodeMethodOptions {
	filter?: string;
	paginationToken?: string;
}

type MethodKind = 'listSearch' | 'loadOptions' | 'resourceMapping';

/**
 * Calls a node's `methods.<kind>.<method>` the way n8n's editor endpoint does: a one-node workflow
 * named "Temp-Node" with the current parameters and credentials, and n8n-core's LoadOptionsContext.
 */
async function callMethod<T>(kind: MethodKind, options: NodeMethodOptions, args: unknown[]): Promise<T> {
	const pkg = loadPackage(options.root);
	const credentials = options.credentials ?? {};
	const [node] = prepareNodes(
		pkg,
		[
			{
				id: 'harness-temp-node',
				name: 'Temp-Node',
				type: options.type,
				typeVersion: options.typeVersion as number,
				position: [0, 0],
				parameters: options.parameters ?? {},
			} as INode,
		],
		credentials,
	);
	const nodeType = pkg.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const methods = nodeType.methods?.[kind] as
		| Record<string, (this: ILoadOptionsFunctions, ...rest: unknown[]) => Promise<T>>
		| undefined;
	const method = methods?.[options.method];
	if (typeof method !== 'function') {
		throw new UnexpectedError(`Node type "${node.type}" has no methods.${kind}.${options.method}`);
	}
	const workflow = createWorkflow(pkg, { nodes: [node], connections: {} });
	const workflowNode = workflow.getNode('Temp-Node')!;
	const additionalData = createAdditionalData(pkg, workflow, 'internal', credentials);
	additionalData.currentNodeParameters = workflowNode.parameters;
	const context = new LoadOptionsContext(
		workflow,
		workflowNode,
		additionalData,
		options.path ?? `parameters.${options.method}`,
	);
	return await inRunScope(newRunScope(), async () => await method.call(context, ...args));
}

export async function listSearch(options: ListSearchOptions): Promise<INodeListSearchResult> {
	return await callMethod('listSearch', options, [options.filter, options.paginationToken]);
}

export async function loadOptions(options: NodeMethodOptions): Promise<INodePropertyOptions[]> {
	return await callMethod('loadOptions', options, []);
}

export async function resourceMapping(options: NodeMethodOptions): Promise<ResourceMapperFields> {
	return await callMethod('resourceMapping', options, []);
}
