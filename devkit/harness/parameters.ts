import type { INodeParameters } from 'n8n-workflow';

/** A resource locator value given by ID (or hash). */
export function byId(value: string | number): INodeParameters {
	return { __rl: true, mode: 'id', value: String(value) };
}

/** A resource locator value given by name. */
export function byName(name: string): INodeParameters {
	return { __rl: true, mode: 'name', value: name };
}
