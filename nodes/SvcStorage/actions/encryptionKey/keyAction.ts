import type { IDataObject, IExecuteFunctions, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { StorageFields } from '../../../shared/transport/storage';
import { storageActionObject } from '../storageAction';
import { readUserId } from './fields';

export interface KeyCall {
	action: string;
	/** The end of "while trying to …". */
	label: string;
	/** What a 404 means for this operation and what to do about it. */
	notFound: string;
}

const FORBIDDEN_HINT =
	"Encryption key operations accept only the ID of the credential's own account as User ID. Find it with Account > Get User Data (field user_id), or use a credential of the account whose ID you entered.";

/**
 * One encryption key action. The service's 403 and 404 mean specific things here (the storage API:
 * userID must be the authenticated user; 404 is "no key" or "receiver has no published keys"),
 * so they are explained in those terms rather than as the generic storage access errors.
 */
export async function keyAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
	call: KeyCall,
	fields: StorageFields,
): Promise<{ userID: number; result: IDataObject }> {
	const userID = readUserId(ctx, itemIndex);
	try {
		return { userID, result: await storageActionObject(ctx, itemIndex, call.action, { userID, ...fields }, call.label) };
	} catch (error) {
		throw explained(ctx, error, call, userID, itemIndex);
	}
}

function explained(ctx: IExecuteFunctions, error: unknown, call: KeyCall, userID: number, itemIndex: number): unknown {
	if (!(error instanceof NodeApiError)) return error;
	// A 403 from a two-factor password login is about the credential, not the User ID: keep it.
	if (error.failure?.cause === 'credential-invalid') return error;
	const said = /\((?:403|404)\)(.*)$/s.exec(error.message)?.[1] ?? '';
	if (error.httpCode === '403') {
		return rebuilt(ctx, error, itemIndex, {
			message: `Svc refused User ID ${userID} while trying to ${call.label} (403)${said}`,
			description: FORBIDDEN_HINT,
		});
	}
	if (error.httpCode === '404') {
		return rebuilt(ctx, error, itemIndex, {
			message: `Svc found nothing to ${call.label} (404)${said}`,
			description: call.notFound,
		});
	}
	return error;
}

function rebuilt(
	ctx: IExecuteFunctions,
	original: NodeApiError,
	itemIndex: number,
	text: { message: string; description: string },
): NodeApiError {
	const httpCode = original.httpCode ?? undefined;
	const shown: JsonObject = { message: text.message, ...(httpCode ? { httpCode } : {}) };
	return new NodeApiError(ctx.getNode(), shown, {
		message: text.message,
		description: text.description,
		httpCode,
		itemIndex,
		failure: original.failure ?? { cause: 'configuration-invalid' },
	});
}
