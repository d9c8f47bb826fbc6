import type { z } from 'zod';

import type { AnswerShape } from '../answers';

/*
 * What a catalogue row holds, for each API: a REST action's row and an MCP tool's. The rows themselves are
 * declared by area (storage.ts, dvs.ts), one entry per action with its row in each API that has it.
 */

/** Where an action lives: `/api_v2/{name}`, a legacy script `/api/{name}.php`, or `/api_dvs/{section}/{name}`. */
export type RestApi = 'storage' | 'script' | 'dvs';

/**
 * What a status means for one action, where it means more than the API's table says (a 404 of a
 * key action is "no key stored"): the description, and optionally who was refused (a 403's
 * "Svc refused {refused} while trying to …").
 */
export type StatusHints = Partial<Record<403 | 404 | 405, { description: string; refused?: string }>>;

/** One REST action: everything the node decides about it. */
export interface RestAction {
	/** The action's name in its API. */
	name: string;
	api: RestApi;
	/** The action changes state: an answer that cannot be read leaves the outcome unknown. */
	write: boolean;
	/** What its 2xx answer must look like; none for a download (the body is the file). */
	answer?: AnswerShape;
	method: 'GET' | 'POST';
	/** The storage API's statuses, where they mean more for this action. */
	hints?: StatusHints;
	/** The DVS API: what to check when the service answers 400. */
	invalidHint?: string;
}

/** A REST action's row: its name, API, whether it writes, its answer's shape and what that shape is called. */
export const row = (
	name: string,
	api: RestApi,
	access: 'read' | 'write',
	answer: [z.ZodType<unknown>, string] | undefined,
	more: Partial<RestAction> = {},
): RestAction => ({
	name,
	api,
	write: access === 'write',
	answer: answer && { schema: answer[0], expected: answer[1] },
	method: 'POST',
	...more,
});

/** What a tool does, which decides how it is sent, whether it is resent, and which deployment switch it needs. */
export type McpToolGroup = 'storageRead' | 'storageWrite' | 'docsRead' | 'dvsRead' | 'dvsWrite' | 'dvsUpload';

/** The DVS registers the MCP endpoint's DVS tools reach. */
export type McpDvsRegister = 'task' | 'project_2';

/** One tool of the MCP endpoint, by its documented name after the deployment's prefix. */
export interface McpTool {
	suffix: string;
	group: McpToolGroup;
	/** The result's content is the file itself (never read as protocol). */
	contentIsData?: boolean;
	/** The whole JSON request may be 16 MiB (the file goes inline), not 1 MB. */
	upload?: boolean;
	/** The DVS API action the tool mirrors and the registers it reaches, for get_fields' `actions`. */
	mirrors?: { action: RestAction; registers: McpDvsRegister[] };
}

/**
 * The deployment switches a group depends on (the MCP endpoint's names): which are off when one of its
 * tools is missing, which it needs, and the credential that does without them.
 */
export interface ToolSwitch {
	off: string;
	offSwitches: string[];
	needs: string[];
	whoNeeds: string;
	credential: string;
}

const DVS = 'SVC_MCP_DVS_ENABLED=1';
const DVS_WRITES = 'SVC_MCP_DVS_WRITES_ENABLED=1';
const WRITES = 'SVC_MCP_WRITES_ENABLED=1';

/** Each group: whether its tools write (sent once, uncertain on failure) and the switch it needs. */
export const GROUPS: Record<McpToolGroup, { write: boolean; switch?: ToolSwitch }> = {
	storageRead: { write: false },
	docsRead: { write: false },
	storageWrite: {
		write: true,
		switch: {
			off: 'MCP writes',
			offSwitches: [WRITES],
			needs: [WRITES],
			whoNeeds: 'Storage write tools over MCP need',
			credential: 'Svc Storage API',
		},
	},
	dvsRead: {
		write: false,
		switch: {
			off: 'MCP DVS tools',
			offSwitches: [DVS],
			needs: [DVS],
			whoNeeds: 'DVS tools over MCP need',
			credential: 'Svc DVS API',
		},
	},
	dvsWrite: {
		write: true,
		switch: {
			off: 'MCP DVS writes',
			offSwitches: [DVS_WRITES],
			needs: [DVS, DVS_WRITES],
			whoNeeds: 'DVS task changes over MCP need',
			credential: 'Svc DVS API',
		},
	},
	dvsUpload: {
		write: true,
		switch: {
			off: 'MCP DVS writes or storage writes',
			offSwitches: [DVS_WRITES, WRITES],
			needs: [DVS, DVS_WRITES, WRITES],
			whoNeeds: 'Attaching files to tasks needs',
			credential: 'Svc DVS API',
		},
	},
};

/** An MCP tool's row: its documented name (after the prefix) and its group. */
export const tool = (suffix: string, group: McpToolGroup, more: Partial<McpTool> = {}): McpTool => ({
	suffix,
	group,
	...more,
});

/** Whether the tool writes: sent once, never repeated by the client, uncertain on failure. */
export function toolWrites(row: McpTool): boolean {
	return GROUPS[row.group].write;
}

/** The rows one API has among an area's entries, under the entries' keys. */
export function rowsOf<T extends Record<string, { rest?: RestAction; mcp?: McpTool }>>(
	entries: T,
	api: 'rest',
): { [K in keyof T as T[K] extends { rest: RestAction } ? K : never]: RestAction };
export function rowsOf<T extends Record<string, { rest?: RestAction; mcp?: McpTool }>>(
	entries: T,
	api: 'mcp',
): { [K in keyof T as T[K] extends { mcp: McpTool } ? K : never]: McpTool };
export function rowsOf(
	entries: Record<string, { rest?: RestAction; mcp?: McpTool }>,
	api: 'rest' | 'mcp',
): Record<string, RestAction | McpTool> {
	return Object.fromEntries(
		Object.entries(entries).flatMap(([key, entry]) => (entry[api] ? [[key, entry[api] as RestAction | McpTool]] : [])),
	);
}
