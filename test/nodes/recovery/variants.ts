/**
 * A destination's node set up otherwise: with options of its Options collection, or as n8n makes it
 * into an AI tool (the `…Tool` variant of a `usableAsTool` node, as test/nodes/toolInputs.test.ts
 * registers it: the same node under the tool's type name, so Include Capability Keys is off by default).
 */
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { loadPackage } from '../../../devkit/harness';
import type { Destination } from './writeKinds';

/** The destination with these options beside the kind's own (Include Capability Keys, Timeout…). */
export function withOptions(destination: Destination, options: IDataObject): Destination {
	return {
		...destination,
		node: (name, parameters, marker) => {
			const node = destination.node(name, parameters, marker);
			const own = (node.parameters.options ?? {}) as IDataObject;
			return { ...node, parameters: { ...node.parameters, options: { ...own, ...options } as INodeParameters } };
		},
	};
}

/** Registers the `…Tool` variant of the node type (once per process), as n8n offers it to an agent. */
function toolTypeOf(type: string): string {
	const { nodeTypes } = loadPackage();
	const tool = `${type}Tool`;
	try {
		nodeTypes.resolveName(tool);
	} catch {
		const node = nodeTypes.getByName(type) as INodeType;
		const variant = Object.create(node) as INodeType;
		variant.description = { ...node.description, name: `${node.description.name}Tool` };
		nodeTypes.add(tool, variant);
	}
	return tool;
}

/** The destination's node as an AI tool: its type's `…Tool` variant. */
export function asTool(destination: Destination): Destination {
	return {
		...destination,
		node: (name, parameters, marker) => {
			const node = destination.node(name, parameters, marker);
			return { ...node, type: toolTypeOf(node.type) };
		},
	};
}
