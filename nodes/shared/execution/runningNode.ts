import type { IExecuteFunctions, ILoadOptionsFunctions, INodeParameters, IPollFunctions } from 'n8n-workflow';

/** What a run reads of the node it runs: n8n's `getNode()` copies the whole node at every call. */
export interface RunningNode {
	type: string;
	typeVersion: number;
	/** The parameters as saved in the workflow, expressions unresolved. */
	parameters: INodeParameters;
}

const runningNodes = new WeakMap<object, RunningNode>();

/** The running node, copied once per run (n8n gives each run of a node its own context). */
export function runningNodeOf(ctx: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions): RunningNode {
	let node = runningNodes.get(ctx);
	if (!node) {
		const { type, typeVersion, parameters } = ctx.getNode();
		node = { type, typeVersion, parameters };
		runningNodes.set(ctx, node);
	}
	return node;
}
