import { createHash } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import type { McpEndpoint } from './endpoint';
import type { ErrorContext } from './errors';
import { unexpectedAnswerError } from './errors';
import type { McpToolDescriptor } from './schemas';
import { toolsListResultSchema } from './schemas';
import { isReadOnlyTool } from './toolCatalogue';

/** The most tools/list pages read before the list counts as never ending. */
export const MAX_TOOL_LIST_PAGES = 50;

/** The prefix of the tool names as the MCP endpoint's documentation gives them; a deployment may use another. */
export const DOCUMENTED_PREFIX = 'svc_';

interface CachedList {
	tools: McpToolDescriptor[];
	expires: number;
}

/** tools/list answers a modern server allowed to cache (`ttlMs`; `cacheScope` private = per credential). */
const LISTS = new Map<string, CachedList>();

/** The prefix each endpoint's tools were found under, learned once per process. */
const PREFIXES = new Map<string, string>();

/** For tests: forget cached lists and prefixes. */
export function forgetToolLists(): void {
	LISTS.clear();
	PREFIXES.clear();
}

/**
 * The tool whose name ends with `_${suffix}` (or is `suffix`): the one with the expected prefix,
 * else the shortest prefix (so a suffix picks `svc_{suffix}`, not `svc_dvs_{suffix}`).
 */
export function matchToolSuffix(names: string[], suffix: string, preferredPrefix?: string): string | undefined {
	if (preferredPrefix !== undefined && names.includes(`${preferredPrefix}${suffix}`))
		return `${preferredPrefix}${suffix}`;
	const candidates = names.filter((name) => name === suffix || name.endsWith(`_${suffix}`));
	return candidates.sort((a, b) => a.length - b.length)[0];
}

type ListPage = (cursor: string | undefined) => Promise<IDataObject>;

/**
 * The tools of one endpoint: the names they go by (the documented name after the deployment's
 * prefix), and the tools/list that names them, fetched at most once per client, or reused across
 * executions for as long as the server said it may be.
 */
export class ToolList {
	private listing?: Promise<McpToolDescriptor[]>;

	private knownNames?: string[];

	private readonly resolved = new Map<string, string>();

	constructor(
		private readonly endpoint: McpEndpoint,
		private readonly listPage: ListPage,
		private readonly errorContext: () => ErrorContext,
	) {}

	/** The name to try first for a documented suffix: as resolved before, else under the endpoint's prefix. */
	guess(suffix: string): string {
		return this.resolved.get(suffix) ?? `${PREFIXES.get(this.endpoint.url) ?? DOCUMENTED_PREFIX}${suffix}`;
	}

	/** Records that `name` answered for `suffix`. */
	confirm(suffix: string, name: string): void {
		this.resolved.set(suffix, name);
		if (name.endsWith(suffix)) PREFIXES.set(this.endpoint.url, name.slice(0, name.length - suffix.length));
	}

	/** The tool for a suffix among `names` (from an "unknown tool" answer), else among tools/list. */
	async lookUp(suffix: string, names?: string[]): Promise<{ match?: string; names: string[] }> {
		const all = names ?? this.knownNames ?? (await this.list()).map((tool) => tool.name);
		this.knownNames ??= all;
		return { match: matchToolSuffix(all, suffix, PREFIXES.get(this.endpoint.url) ?? DOCUMENTED_PREFIX), names: all };
	}

	/** Whether the tool is read-only (isReadOnlyTool), by its entry in tools/list when the server lists it. */
	async isReadOnly(name: string): Promise<boolean> {
		const tools = await this.list();
		return isReadOnlyTool(
			name,
			tools.find((tool) => tool.name === name),
		);
	}

	/** tools/list, every page. */
	async list(): Promise<McpToolDescriptor[]> {
		const key = this.cacheKey(false);
		const cached = LISTS.get(key) ?? LISTS.get(this.cacheKey(true));
		if (cached && cached.expires > Date.now()) return cached.tools;
		// Awaited first by the one who asked (not by a handler): the stack of a request names its caller.
		const listing = async (): Promise<McpToolDescriptor[]> => {
			let listed = false;
			try {
				const tools = await this.fetchAll();
				listed = true;
				return tools;
			} finally {
				if (!listed) this.listing = undefined;
			}
		};
		const pending = (this.listing ??= listing());
		const tools = await pending;
		this.knownNames = tools.map((tool) => tool.name);
		return tools;
	}

	private async fetchAll(): Promise<McpToolDescriptor[]> {
		const tools: McpToolDescriptor[] = [];
		let cursor: string | undefined;
		let hint: { ttlMs?: unknown; cacheScope?: unknown } = {};
		for (let page = 0; ; page++) {
			// A server whose cursor never ends is faulty: stop and say so rather than use part of the list.
			if (page === MAX_TOOL_LIST_PAGES)
				throw unexpectedAnswerError(
					`tools/list was still not complete after ${MAX_TOOL_LIST_PAGES} pages`,
					this.errorContext(),
				);
			const result = await this.listPage(cursor);
			const parsed = toolsListResultSchema.safeParse(result);
			if (!parsed.success)
				throw unexpectedAnswerError('tools/list did not return a list of tools', this.errorContext());
			tools.push(...parsed.data.tools);
			if (page === 0) hint = result;
			cursor = parsed.data.nextCursor;
			if (!cursor) break;
		}
		if (typeof hint.ttlMs === 'number' && hint.ttlMs > 0) {
			LISTS.set(this.cacheKey(hint.cacheScope === 'public'), { tools, expires: Date.now() + hint.ttlMs });
		}
		return tools;
	}

	/** Public lists are shared by every credential of an endpoint; private ones are kept per credential. */
	private cacheKey(shared: boolean): string {
		if (shared) return `${this.endpoint.url} public`;
		const who = createHash('sha256').update(this.endpoint.secrets.join('\n')).digest('hex');
		return `${this.endpoint.url} ${who}`;
	}
}
