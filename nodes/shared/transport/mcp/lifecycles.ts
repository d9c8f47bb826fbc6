import type { IDataObject } from 'n8n-workflow';

import type { ServiceResponse } from '../http';
import { rpcErrorOfBody } from './errors';
import { MODERN_REVISION } from './protocol';

export type Lifecycle = 'modern' | 'initialize';

/**
 * The lifecycle each endpoint speaks, learned once per process (each queue-mode worker learns it on
 * its own): an endpoint that refused the modern revision is not asked again.
 */
export const LIFECYCLES = new Map<string, Lifecycle>();

/** For tests: forget what was learned. */
export function forgetLifecycles(): void {
	LIFECYCLES.clear();
}

/**
 * A 400 that says `revision` is not spoken here: the version is unsupported, or (for the modern
 * revision, which has no handshake) the server wants initialize first. With the versions the
 * server names, when it names them.
 */
export function revisionRefusal(
	response: ServiceResponse,
	body: unknown,
	revision: string,
): { supported?: unknown } | undefined {
	if (response.status !== 400) return undefined;
	const error = rpcErrorOfBody(body);
	const data = (error?.data ?? {}) as IDataObject;
	if (Array.isArray(data.supported))
		return (data.supported as unknown[]).includes(revision) ? undefined : { supported: data.supported };
	if (typeof data.header === 'string' && /protocol-version/i.test(data.header) && data.expected !== revision) return {};
	const text = error?.message ?? (typeof body === 'string' ? body : '');
	const named = /supported versions?:?\s*([0-9, -]+)/i.exec(text)?.[1];
	const supported = named ? named.split(/[,\s]+/).filter(Boolean) : undefined;
	if (/protocol[ -]?version/i.test(text) && /unsupported|not supported|unknown|invalid/i.test(text))
		return { supported };
	if (revision === MODERN_REVISION && /not initiali[sz]ed|session[ -]?id|no valid session/i.test(text)) return {};
	return undefined;
}
