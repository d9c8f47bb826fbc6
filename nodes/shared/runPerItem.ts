import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

export type ItemOperation<TDeps> = (
	this: IExecuteFunctions,
	itemIndex: number,
	deps: TDeps,
) => Promise<INodeExecutionData[]>;

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): Error {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		if (error.context.itemIndex === undefined) error.context.itemIndex = itemIndex;
		return error;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Runs one operation for every input item. Every output item is paired with its input item;
 * with "Continue On Fail" a failed item becomes an error item instead of stopping the node.
 */
export async function runPerItem<TDeps>(
	ctx: IExecuteFunctions,
	operation: ItemOperation<TDeps>,
	deps: TDeps,
): Promise<INodeExecutionData[][]> {
	const items = ctx.getInputData();
	const output: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const produced = await operation.call(ctx, itemIndex, deps);
			for (const item of produced) output.push({ ...item, pairedItem: item.pairedItem ?? { item: itemIndex } });
		} catch (error) {
			const failure = withItemIndex(ctx, error, itemIndex);
			if (!ctx.continueOnFail()) throw failure;
			const description = (failure as { description?: unknown }).description;
			output.push({
				json: {
					error: failure.message,
					...(typeof description === 'string' && description ? { description } : {}),
				},
				pairedItem: { item: itemIndex },
			});
		}
	}
	return [output];
}

/** One output item from a JSON object, paired with its input item. */
export function jsonItem(json: INodeExecutionData['json'], itemIndex: number): INodeExecutionData {
	return { json, pairedItem: { item: itemIndex } };
}

/**
 * The operation the node's Resource and Operation parameters name, from the node's
 * `resources` (each an `actions/<resource>` module), or the error that says it does not exist.
 */
export function chosenOperation<Op extends { execute: unknown }>(
	ctx: IExecuteFunctions,
	resources: Record<string, Record<string, unknown>>,
): { resource: string; operationName: string; operation: Op } {
	const resource = ctx.getNodeParameter('resource', 0) as string;
	const operationName = ctx.getNodeParameter('operation', 0) as string;
	const operation = resources[resource]?.[operationName] as Op | undefined;
	if (!operation || operationName === 'description' || typeof operation.execute !== 'function') {
		throw new NodeOperationError(ctx.getNode(), `The operation "${operationName}" is not supported for "${resource}"`);
	}
	return { resource, operationName, operation };
}
