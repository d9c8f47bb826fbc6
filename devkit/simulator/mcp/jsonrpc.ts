import type { SimResponse } from '../types';

export type JsonRpcId = string | number | null;

/** JSON-RPC error codes. Document 2 shows none: these are the simulator's choice. */
export const RpcCode = {
	parseError: -32700,
	invalidRequest: -32600,
	methodNotFound: -32601,
	invalidParams: -32602,
	internalError: -32603,
	unauthorized: -32001,
	resourceNotFound: -32002,
	forbidden: -32003,
	rateLimited: -32029,
	payloadTooLarge: -32013,
} as const;

export function rpcResult(id: JsonRpcId, result: unknown, headers?: Record<string, string>): SimResponse {
	return {
		status: 200,
		headers: { 'content-type': 'application/json', ...headers },
		json: { jsonrpc: '2.0', id, result },
	};
}

export function rpcError(
	status: number,
	id: JsonRpcId,
	code: number,
	message: string,
	data?: unknown,
	headers?: Record<string, string>,
): SimResponse {
	const error: Record<string, unknown> = { code, message };
	if (data !== undefined) error.data = data;
	return { status, headers: { 'content-type': 'application/json', ...headers }, json: { jsonrpc: '2.0', id, error } };
}

/** Thrown inside request processing; the handler turns it into an HTTP answer. */
export class RpcFailure extends Error {
	constructor(
		readonly status: number,
		readonly code: number,
		message: string,
		readonly data?: unknown,
		readonly headers?: Record<string, string>,
	) {
		super(message);
	}
}
