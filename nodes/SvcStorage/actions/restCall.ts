import type { ICredentialDataDecryptedObject, IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import { redactText, secretsOf } from '../../shared/transport/redact';
import type { StorageFields } from '../../shared/transport/storage';
import { asObject, callStorageAction, STORAGE_CREDENTIAL_TYPE } from '../../shared/transport/storage';

/** PHP services send booleans as true/false, 1/0 or their strings. */
function isFalse(value: unknown): boolean {
	return value === false || value === 0 || (typeof value === 'string' && ['0', 'false'].includes(value.trim().toLowerCase()));
}

/**
 * A 200 answer that says `success: false` is a refusal, not a result: it becomes an error
 * (with the service's message, secrets masked) instead of an output item that looks like success.
 */
export async function refusedWith200(
	ctx: IExecuteFunctions,
	itemIndex: number,
	body: unknown,
	label: string,
): Promise<NodeApiError | undefined> {
	if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const record = body as IDataObject;
	if (!isFalse(record.success ?? record.Success)) return undefined;
	const said = [record.message, record.Message, record.error].find((value) => typeof value === 'string' && value.trim()) as
		| string
		| undefined;
	const secrets = secretsOf(await ctx.getCredentials<ICredentialDataDecryptedObject>(STORAGE_CREDENTIAL_TYPE, itemIndex));
	const message = redactText(`Svc did not ${label}${said ? `: ${said.trim().slice(0, 300)}` : ' (it answered success: false)'}`, secrets);
	return new NodeApiError(ctx.getNode(), { message } as JsonObject, {
		message,
		description: "Svc answered without an error status but reported a failure. Check the node's parameters and run again.",
		itemIndex,
		failure: { cause: 'configuration-invalid' },
	});
}

/** A REST-only V2 action for one item, with the item's timeout; returns the response body. */
export async function storageAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	fields: StorageFields,
	label: string,
): Promise<unknown> {
	const body = await callStorageAction(ctx, action, fields, {
		action: label,
		itemIndex,
		timeoutMs: readTimeout(ctx, itemIndex, DEFAULT_TIMEOUT_MS),
	});
	const refused = await refusedWith200(ctx, itemIndex, body, label);
	if (refused) throw refused;
	return body;
}

export async function storageActionObject(
	ctx: IExecuteFunctions,
	itemIndex: number,
	action: string,
	fields: StorageFields,
	label: string,
): Promise<IDataObject> {
	return asObject(await storageAction(ctx, itemIndex, action, fields, label));
}
