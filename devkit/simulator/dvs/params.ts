import { badRequest } from './errors';

export type Params = Record<string, unknown>;

/** JSON integers only: `"12"`, `12.5` and `true` are refused (README, "Parameter types"). */
export function isInteger(value: unknown): value is number {
	return typeof value === 'number' && Number.isSafeInteger(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requiredId(params: Params, name: string): number {
	const value = params[name];
	if (!isInteger(value) || value < 1) throw badRequest(`${name} must be a positive integer`);
	return value;
}

export function optionalId(params: Params, name: string): number | undefined {
	return params[name] === undefined || params[name] === null ? undefined : requiredId(params, name);
}

/** An integer in [min, max]; absent or null gives the default. */
export function rangedInt(params: Params, name: string, min: number, max: number, fallback: number): number {
	const value = params[name];
	if (value === undefined || value === null) return fallback;
	if (!isInteger(value) || value < min || value > max)
		throw badRequest(`${name} must be an integer from ${min} to ${max}`);
	return value;
}

export function requiredObject(params: Params, name: string): Record<string, unknown> {
	const value = params[name];
	if (!isPlainObject(value)) throw badRequest(`${name} must be an object`);
	return value;
}
