import type { McpDeps } from './deps';
import { OAuthStore } from './oauth/store';
import { RateLimiter } from './rateLimit';

/** What the MCP handler and the OAuth handlers of one deps object share. */
export interface McpState {
	deps: McpDeps;
	now: () => number;
	/** A duration of the documents, in ms, after applying settings.timeScale. */
	scaled: (seconds: number) => number;
	limiter: RateLimiter;
	oauth: OAuthStore;
}

const states = new WeakMap<McpDeps, McpState>();

export function stateFor(deps: McpDeps): McpState {
	let state = states.get(deps);
	if (!state) {
		const now = () => (deps.now ?? Date.now)();
		state = {
			deps,
			now,
			scaled: (seconds) => seconds * 1000 * deps.settings.timeScale,
			limiter: new RateLimiter(now, () => deps.settings.timeScale),
			oauth: new OAuthStore(),
		};
		states.set(deps, state);
	}
	return state;
}
