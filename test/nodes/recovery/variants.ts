/**
 * A destination's node set up otherwise: with options of its Options collection, or as an AI tool (the package's
 * `…Tool` node, where Include Capability Keys is off by default).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

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

/** The destination's node as an AI tool: its type's `…Tool` variant. */
export function asTool(destination: Destination): Destination {
	return {
		...destination,
		node: (name, parameters, marker) => {
			const node = destination.node(name, parameters, marker);
			return { ...node, type: `${node.type}Tool` };
		},
	};
}
