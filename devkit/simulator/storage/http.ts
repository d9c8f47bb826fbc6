import type { SimResponse } from '../types';

/** JSON success. */
export function ok(json: unknown): SimResponse {
	return { status: 200, json };
}

/** Error body of every storage error except 405: `{"success":false,"message":"…"}`, never with secrets. */
export function fail(status: number, message: string, headers?: Record<string, string>): SimResponse {
	return { status, json: { success: false, message }, ...(headers ? { headers } : {}) };
}

/** 405 has an empty body, as document 1 allows, so clients must rely on the status. */
export function notPermitted(): SimResponse {
	return { status: 405 };
}

export function isResponse(value: unknown): value is SimResponse {
	return typeof value === 'object' && value !== null && typeof (value as SimResponse).status === 'number';
}
