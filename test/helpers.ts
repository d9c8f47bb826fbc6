/**
 * Helpers every test file shares: reading a node run's output, resource locator values, the
 * package's node types and their descriptions. Each suite's `env.ts` starts its own service
 * double and re-exports these.
 */
import type { INode, INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { loadPackage, type NodeRunResult } from '../devkit/harness';

export { byId, byName } from '../devkit/harness';

export const STORAGE_NODE = 'n8n-nodes-svc.svcStorage';
export const DVS_NODE = 'n8n-nodes-svc.svcDvs';
export const MCP_NODE = 'n8n-nodes-svc.svcMcp';

/** The output items' JSON; throws with the node's message when the node failed. */
export function jsonOf(result: NodeRunResult): Array<Record<string, unknown>> {
	if (result.error) throw new Error(`node failed: ${result.error.message} (${result.error.description ?? ''})`);
	return result.items.map((item) => item.json as Record<string, unknown>);
}

/** A node of the type, as a context a test builds gives it from getNode(): version 1, no parameters. */
export function nodeOfType(type: string, name: string): INode {
	return { name, type, typeVersion: 1, position: [0, 0], parameters: {} } as INode;
}

/** The node type's description (as n8n loads it from the built package). */
export function nodeDescription(type: string): INodeTypeDescription {
	return loadPackage().nodeTypes.getByNameAndVersion(type).description;
}

export function nodeProperties(type: string): INodeProperties[] {
	return nodeDescription(type).properties;
}
