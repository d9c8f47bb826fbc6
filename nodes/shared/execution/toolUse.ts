import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	IPollFunctions,
} from 'n8n-workflow';

import { parameterOf } from './parameters';
import { runningNodeOf } from '../transport/runningNode';

/**
 * Whether the node runs as an AI Agent's tool: the package's tool nodes are the action nodes' types with `Tool`
 * appended (svcStorage → svcStorageTool), in the editor and in executions alike.
 */
export function isToolUse(ctx: IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions): boolean {
	return runningNodeOf(ctx).type.endsWith('Tool');
}

/**
 * Fields that act without the account's credentials (edit, upload and delete keys), and session
 * and access tokens: whoever reads them can rename, upload, delete or sign in. A tool's output goes
 * to the model's provider, so they are left out there unless the user asks for them.
 */
const CAPABILITY_KEY =
	/(^|_)(edit|upload|delete)_key$|(^|_)(access|refresh|id)_token$|^(session_?id|phpsessid|sessionid)$/i;

/**
 * Whether the output keeps capability keys when the Include Capability Keys option is not set: only a node of
 * version 1 (as 0.1.0 saved it), never an AI tool. From version 2 on a user switches the option on to keep them.
 */
function keysKeptByDefault(ctx: IExecuteFunctions | IPollFunctions): boolean {
	return runningNodeOf(ctx).typeVersion < 2 && !isToolUse(ctx);
}

/**
 * Whether an item's output keeps capability keys: the option when set, else its node version's default. An item
 * that asks for the account's access token by name (Get User Data's Include Access Token) keeps them too in the
 * regular node: the token can do all any key can, so leaving the keys out would protect nothing and hide the token.
 */
export function keepsCapabilityKeys(ctx: IExecuteFunctions, itemIndex: number): boolean {
	const asksForToken = !isToolUse(ctx) && parameterOf(ctx, 'includeAccessToken', itemIndex, false) === true;
	const byDefault = keysKeptByDefault(ctx) || asksForToken;
	return parameterOf(ctx, 'options.capabilityKeys', itemIndex, byDefault) !== false;
}

/** A poll's output as the trigger's Include Capability Keys option (and node version) has it. */
export function pollOutputWithKeysAsChosen(
	ctx: IPollFunctions,
	output: INodeExecutionData[][] | null,
): INodeExecutionData[][] | null {
	if (!output || ctx.getNodeParameter('options.capabilityKeys', keysKeptByDefault(ctx)) !== false) return output;
	return output.map((items) => items.map((item) => ({ ...item, json: withoutCapabilityKeys(item.json) })));
}

/** A JSON value without capability keys, at any depth. */
export function withoutCapabilityKeys<T>(value: T): T {
	if (Array.isArray(value)) return value.map((entry: unknown) => withoutCapabilityKeys(entry)) as T;
	if (!value || typeof value !== 'object') return value;
	const kept: IDataObject = {};
	for (const [key, entry] of Object.entries(value as IDataObject)) {
		if (!CAPABILITY_KEY.test(key)) kept[key] = withoutCapabilityKeys(entry);
	}
	return kept as T;
}
