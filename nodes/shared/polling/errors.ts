import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/** Statuses with which the services say an item is not there (any more) or not reachable. */
const GONE_STATUSES = new Set(['403', '404', '405']);

/**
 * Whether the error says the item itself is gone or out of reach, as opposed to the service
 * failing (5xx, timeout, 429, dropped connection), which the next poll simply retries.
 */
export function isGoneError(error: unknown): error is NodeApiError {
	return error instanceof NodeApiError && GONE_STATUSES.has(String(error.httpCode ?? ''));
}

/**
 * The service's error retold in terms of what the trigger watches ("the watched folder is
 * gone"), keeping its status and failure cause so n8n still tells a user's fix from a wait.
 */
export function watchedTargetError(
	node: INode,
	error: NodeApiError,
	message: string,
	description: string,
): NodeApiError {
	const httpCode = error.httpCode ?? undefined;
	const shown: JsonObject = { message };
	if (httpCode) shown.httpCode = httpCode;
	return new NodeApiError(node, shown, { message, description, httpCode, failure: error.failure });
}

/** A caught error as n8n's node error: the service errors as they are, anything else wrapped. */
export function asNodeError(node: INode, error: unknown): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(node, error instanceof Error ? error : String(error));
}
