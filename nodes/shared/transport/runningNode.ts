import type { IExecuteFunctions, ILoadOptionsFunctions, INode, IPollFunctions } from 'n8n-workflow';

const runningNodes = new WeakMap<object, Readonly<INode>>();

/**
 * The running node as the workflow saved it (parameters with expressions unresolved), copied once per run: n8n's
 * `getNode()` copies the whole node at every call, and gives each run of a node its own context.
 */
export function runningNodeOf(ctx: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions): Readonly<INode> {
	let node = runningNodes.get(ctx);
	if (!node) {
		node = ctx.getNode();
		runningNodes.set(ctx, node);
	}
	return node;
}
