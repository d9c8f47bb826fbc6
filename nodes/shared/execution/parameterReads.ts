import type { IDataObject, IExecuteFunctions, IGetNodeParameterOptions, IPollFunctions } from 'n8n-workflow';
import { deepCopy } from 'n8n-workflow';

import { runningNodeOf } from '../transport/runningNode';

function isPoll(ctx: IExecuteFunctions | IPollFunctions): ctx is IPollFunctions {
	return typeof (ctx as IExecuteFunctions).getInputData !== 'function';
}

/** Whether a saved parameter value holds an expression anywhere: n8n marks one by a leading "=". */
function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value && typeof value === 'object') return Object.values(value).some(holdsExpression);
	return false;
}

/** The parameter's value as the workflow saved it (`options.timeout` inside Options). */
function savedValue(ctx: IExecuteFunctions, name: string): unknown {
	let value: unknown = runningNodeOf(ctx).parameters;
	for (const key of name.split('.')) {
		if (!value || typeof value !== 'object') return undefined;
		value = (value as Record<string, unknown>)[key];
	}
	return value;
}

/**
 * What a run has read of its parameters. Reading one from n8n walks the node's description to check the value
 * against its property, at every call; n8n gives every item the same value of a parameter that holds no expression,
 * so such a value is read once per run (`sameForEveryItem`), another once per item (`ofItem`, the items in flight).
 */
interface ReadValues {
	sameForEveryItem: Map<string, { value: unknown }>;
	ofItem: Map<string, { value: unknown }>;
}

const readValues = new WeakMap<object, ReadValues>();
/** Item values kept at once: those of more items than run together in a batch, few enough to hold little. */
const ITEM_VALUES_KEPT = 1024;

function readKey(name: string, fallback: unknown, options?: IGetNodeParameterOptions): string {
	const fallbackKey =
		typeof fallback === 'object' ? JSON.stringify(fallback) : `${typeof fallback}:${String(fallback)}`;
	return `${name}\n${fallbackKey}\n${options ? JSON.stringify(options) : ''}`;
}

/** The value n8n gives the item, not copied: callers copy what they hand on. */
function valueFor(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: IGetNodeParameterOptions,
): unknown {
	let read = readValues.get(ctx);
	if (!read) readValues.set(ctx, (read = { sameForEveryItem: new Map(), ofItem: new Map() }));
	const key = readKey(name, fallback, options);
	const forEveryItem = read.sameForEveryItem.get(key);
	if (forEveryItem) return forEveryItem.value;
	const itemKey = `${itemIndex}\n${key}`;
	const forItem = read.ofItem.get(itemKey);
	if (forItem) return forItem.value;
	const value = ctx.getNodeParameter(name, itemIndex, fallback, options);
	if (!holdsExpression(savedValue(ctx, name))) read.sameForEveryItem.set(key, { value });
	else {
		if (read.ofItem.size >= ITEM_VALUES_KEPT) read.ofItem.clear();
		read.ofItem.set(itemKey, { value });
	}
	return value;
}

/**
 * A parameter's value for an item (a poll's `itemIndex` is ignored). An option (`options.timeout`) is taken from its
 * collection, read whole once: one check against the description for all the options an item reads.
 */
export function parameterOf(
	ctx: IExecuteFunctions | IPollFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: IGetNodeParameterOptions,
): unknown {
	if (isPoll(ctx)) return ctx.getNodeParameter(name, fallback, options);
	const [collection, ...path] = name.split('.');
	let value: unknown;
	if (path.length === 0 || options) value = valueFor(ctx, name, itemIndex, fallback, options);
	else {
		value = valueFor(ctx, collection, itemIndex, {});
		for (const key of path) value = value && typeof value === 'object' ? (value as IDataObject)[key] : undefined;
		if (value === undefined) value = fallback;
	}
	return value && typeof value === 'object' ? deepCopy(value) : value;
}
