import type { McpSettings } from './deps';

export const SCOPES = ['files:read', 'files:write', 'dvs:read', 'dvs:write'] as const;
export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
	return (SCOPES as readonly string[]).includes(value);
}

/** Scopes the deployment offers: write and DVS scopes follow the tool switches. */
export function enabledScopes(settings: McpSettings): Scope[] {
	const scopes: Scope[] = ['files:read'];
	if (settings.writesEnabled) scopes.push('files:write');
	if (settings.dvsEnabled) scopes.push('dvs:read');
	if (settings.dvsEnabled && settings.dvsWritesEnabled) scopes.push('dvs:write');
	return scopes;
}

/** files:read always; dvs:write implies dvs:read; canonical order. */
export function closeScopes(scopes: Iterable<Scope>): Scope[] {
	const set = new Set<Scope>(scopes);
	set.add('files:read');
	if (set.has('dvs:write')) set.add('dvs:read');
	return SCOPES.filter((s) => set.has(s));
}

/**
 * A `scope` request parameter to the scopes asked for: unknown names ignored, and when no
 * known name remains every enabled scope is asked for.
 */
export function requestedScopes(scopeParam: string | undefined, settings: McpSettings): Scope[] {
	const enabled = enabledScopes(settings);
	const known = (scopeParam ?? '').split(/\s+/).filter(isScope);
	if (known.length === 0) return closeScopes(enabled);
	return closeScopes(known.filter((s) => enabled.includes(s)));
}

export function scopeString(scopes: Iterable<Scope>): string {
	return [...scopes].join(' ');
}
