import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ServiceResponse } from './http';
import { excerptOf, redactText } from './redact';

type FailureCause =
	| 'rate-limited'
	| 'temporarily-unavailable'
	| 'credential-invalid'
	| 'configuration-invalid'
	| 'quota-exhausted';

export interface ServiceErrorFields {
	message: string;
	description?: string;
	httpCode?: string;
	itemIndex?: number;
	cause?: FailureCause;
	retryAfterSeconds?: number;
	/** The request may have reached the service and committed: reconciliation must look before retrying. */
	uncertain?: boolean;
	/**
	 * The service may still be working on the request (we stopped waiting: a timeout), so a write
	 * not visible yet may still land later.
	 */
	mayStillLand?: boolean;
}

const UNCERTAIN_OUTCOME = 'uncertainOutcome';

/** Beside UNCERTAIN_OUTCOME: the failure is a write's, for the layer that knows the write to word or settle. */
const UNKNOWN_WRITE = 'unknownWriteOutcome';

/** The first words of every error that leaves a write's outcome open. */
export const OUTCOME_UNCERTAIN = 'Outcome uncertain';

/**
 * A write's failure as the transport reports it: marked as a write whose outcome is unknown when it is uncertain,
 * never worded here. The layer that knows the write decides: the exactly-once executor reads the destination back
 * (the services' executor), the router says "Outcome uncertain" of any other write (`sayingOutcomeUncertain`).
 */
export function asWriteFailure(error: unknown): unknown {
	if (isUncertainOutcome(error)) (error as NodeApiError).context[UNKNOWN_WRITE] = true;
	return error;
}

/** True when a write's failure leaves its outcome unknown and nothing has settled it (`asWriteFailure`). */
export function isUnknownWriteOutcome(error: unknown): boolean {
	return isUncertainOutcome(error) && (error as NodeApiError).context?.[UNKNOWN_WRITE] === true;
}

/** A write's failure whose outcome was settled since (a read-back showed the write absent): no longer unknown. */
export function settledWriteFailure(error: unknown): unknown {
	if (isUncertainOutcome(error)) delete (error as NodeApiError).context[UNKNOWN_WRITE];
	return error;
}

/**
 * A write's error that leaves its outcome open, saying so first: the user must check before
 * running again. Errors of reads, and writes that certainly failed, are returned as they are.
 */
export function sayingOutcomeUncertain(error: unknown): unknown {
	if (!isUncertainOutcome(error)) return error;
	const apiError = error as NodeApiError;
	if (apiError.message.startsWith(OUTCOME_UNCERTAIN)) return error;
	apiError.message = `${OUTCOME_UNCERTAIN}: ${apiError.message}`;
	apiError.description =
		`${apiError.description ?? ''} Check whether the change was made before running the node again.`.trim();
	return error;
}
const MAY_STILL_LAND = 'mayStillLand';

/**
 * A NodeApiError built only from what we choose to show: never the raw HTTP error, whose
 * request config carries the credential's headers and body.
 */
export function serviceError(node: INode, fields: ServiceErrorFields, secrets: readonly string[]): NodeApiError {
	const message = redactText(fields.message, secrets);
	const description = fields.description === undefined ? undefined : redactText(fields.description, secrets);
	const shown: JsonObject = { message };
	if (fields.httpCode) shown.httpCode = fields.httpCode;
	const failure =
		fields.cause === 'rate-limited'
			? {
					cause: fields.cause,
					...(fields.retryAfterSeconds !== undefined ? { retryAfterMs: fields.retryAfterSeconds * 1000 } : {}),
				}
			: fields.cause
				? { cause: fields.cause }
				: undefined;
	const error = new NodeApiError(node, shown, {
		message,
		description,
		httpCode: fields.httpCode,
		itemIndex: fields.itemIndex,
		failure,
	});
	// NodeApiError swaps a message mentioning a common network error code for a generic one;
	// ours already says what happened, so keep it.
	error.message = message;
	if (fields.uncertain) error.context[UNCERTAIN_OUTCOME] = true;
	if (fields.uncertain && fields.mayStillLand) error.context[MAY_STILL_LAND] = true;
	return error;
}

/** What an API's document makes of one status, in words a user can act on. */
export type StatusWords = Pick<ServiceErrorFields, 'message' | 'description' | 'cause' | 'uncertain'>;

/**
 * One API's statuses as data: an entry per status (undefined to fall through), `server` for any
 * 5xx without its own entry, `other` for the rest. Each API's table sits beside its transport;
 * this turns an answer into the error.
 */
export interface StatusTable {
	[status: number]: (() => StatusWords | undefined) | undefined;
	server: (status: number) => StatusWords;
	other: (status: number) => StatusWords;
}

export function statusErrorFrom(
	node: INode,
	table: StatusTable,
	status: number,
	itemIndex: number | undefined,
	secrets: readonly string[],
): NodeApiError {
	const words = table[status]?.() ?? (status >= 500 ? table.server(status) : table.other(status));
	return serviceError(node, { httpCode: String(status), itemIndex, ...words }, secrets);
}

/** True when a write may have committed although the caller saw an error. */
export function isUncertainOutcome(error: unknown): boolean {
	return (
		error instanceof NodeApiError &&
		(error.context as Record<string, unknown> | undefined)?.[UNCERTAIN_OUTCOME] === true
	);
}

/**
 * True when an uncertain write may still be in progress at the service (the client stopped
 * waiting): not finding it yet does not prove it will not land.
 */
export function mayStillLand(error: unknown): boolean {
	return isUncertainOutcome(error) && (error as NodeApiError).context?.[MAY_STILL_LAND] === true;
}

/**
 * True when the service says the object asked for is not there (any more): REST's 404 and "resource unavailable"
 * 405 (the storage API gives deleted items 405; the DVS API an unknown task), the MCP endpoint's `not_found` (404).
 */
export function isGone(error: unknown): boolean {
	return error instanceof NodeApiError && ['404', '405'].includes(String(error.httpCode));
}

/** What a read gives, or undefined when the service says the object is not there (`isGone`). */
export async function unlessGone<T>(read: Promise<T>): Promise<T | undefined> {
	return await read.catch(async (error: unknown) => (isGone(error) ? undefined : await Promise.reject(error)));
}

/**
 * A short, redacted excerpt of what the service said in an error body, if anything: its
 * message field when the body is JSON, else the start of the text.
 */
export function serviceMessageOf(response: ServiceResponse, secrets: readonly string[]): string | undefined {
	let body = response.body;
	if (Buffer.isBuffer(body)) body = body.toString('utf8');
	if (typeof body === 'string') {
		const text = body.trim();
		if (!text) return undefined;
		try {
			body = JSON.parse(text);
		} catch {
			return excerptOf(text, secrets) || undefined;
		}
	}
	if (body && typeof body === 'object') {
		const record = body as Record<string, unknown>;
		for (const key of ['message', 'Message', 'error_message', 'error', 'detail']) {
			const value = record[key];
			if (typeof value === 'string' && value.trim()) return excerptOf(value, secrets);
		}
	}
	return undefined;
}
