import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

/**
 * Whether the node runs as an AI Agent's tool: n8n runs a `usableAsTool` node as its own type with
 * `Tool` appended (svcStorage → svcStorageTool), in the editor and in executions alike.
 */
export function isToolUse(ctx: IExecuteFunctions | ILoadOptionsFunctions): boolean {
	return ctx.getNode().type.endsWith('Tool');
}

/**
 * Fields that act without the account's credentials (edit, upload and delete keys), and session
 * and access tokens: whoever reads them can rename, upload, delete or sign in. A tool's output goes
 * to the model's provider, so they are left out there unless the user asks for them.
 */
const CAPABILITY_KEY =
	/(^|_)(edit|upload|delete)_key$|(^|_)(access|refresh|id)_token$|^(session_?id|phpsessid|sessionid)$/i;

/** Whether an item's output keeps capability keys: the option when set, else not for a tool and so for a node. */
export function keepsCapabilityKeys(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('options.capabilityKeys', itemIndex, !isToolUse(ctx)) !== false;
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
