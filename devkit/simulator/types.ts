/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

/**
 * One request as every simulator handler sees it. The server reads the whole body
 * before calling a handler, except multipart uploads, whose body stays a stream so
 * that large files never sit in memory twice.
 */
export interface SimRequest {
	method: string;
	/** Path without the query string, e.g. `/api_v2/create_folder`. */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	/** Raw body for non-multipart requests (empty Buffer when none). */
	body: Buffer;
	/** Body stream for `multipart/form-data` requests; `body` is then empty. */
	bodyStream?: Readable;
	/** Client address, for per-IP rate limits. */
	ip: string;
	/** Monotonic sequence number of the request since the simulator started. */
	seq: number;
	/** A fault the mounted handler interprets itself (`mcpUncertain`, `partialWrite`). */
	fault?: FaultKind;
}

/** What a handler answers. The server writes it, after applying any injected fault. */
export interface SimResponse {
	status: number;
	headers?: Record<string, string | string[]>;
	/** JSON bodies are serialized by the server; a Buffer or stream is sent as is. */
	json?: unknown;
	body?: Buffer | string | Readable;
}

export type SimHandler = (req: SimRequest) => Promise<SimResponse>;

/** Which requests a fault applies to. All given fields must match. */
export interface FaultMatch {
	method?: string;
	/** Exact path, or a RegExp source string when it starts with `^`. */
	path?: string;
	/** For `/api_v2/{action}`, `/api/{script}.php` and `/api_dvs/{section}/{action}`: the action name. */
	action?: string;
	/** For MCP `tools/call`: the tool name (as called, including its prefix). */
	mcpTool?: string;
	/** For MCP: the JSON-RPC method. */
	mcpMethod?: string;
}

export type FaultKind =
	| { kind: 'delay'; ms: number }
	/** The handler runs (the write commits), then the connection is destroyed without a response. */
	| { kind: 'dropAfterCommit'; storedLaterMs?: number }
	/** The connection is destroyed before the handler runs: nothing is written. */
	| { kind: 'dropBeforeCommit' }
	/** The handler runs (the write commits), then the client gets a 500 with an empty body. */
	| { kind: 'status500AfterCommit'; storedLaterMs?: number }
	/**
	 * The client gets this status before the handler runs: nothing is written. `gatewayDateAheadSeconds`: the answer
	 * comes from a gateway whose own `Date` clock is that far ahead of the service's.
	 */
	| { kind: 'statusBeforeCommit'; status: number; gatewayDateAheadSeconds?: number }
	/** 429 before the handler runs; REST gets `Retry-After`, MCP a JSON-RPC error naming the seconds. */
	| { kind: 'rateLimit'; retryAfterSeconds: number }
	/** MCP DVS writes: the change commits but the result says `status: "uncertain"`. */
	| { kind: 'mcpUncertain'; storedLaterMs?: number }
	/** DVS writes: part of the write happens (relation rows lost), then the request fails with `status` (default 500; document 3 names 400). */
	| { kind: 'partialWrite'; status?: 400 | 500; storedLaterMs?: number }
	// Hostile servers: what the documents allow a server, or a proxy in front of it, to do.
	/** A redirect before the handler runs: `location` is another origin or a plain-HTTP URL. */
	| { kind: 'redirect'; status: 301 | 302 | 303 | 307 | 308; location: string }
	/**
	 * The handler runs (the write commits), then the client gets this status (500, 502, 503…; from a gateway: see
	 * statusBeforeCommit). `storedLaterMs` (on every fault after the commit): the service stored the write that long
	 * after it took it in (a queued backend), so its listing time shows then.
	 */
	| { kind: 'statusAfterCommit'; status: number; gatewayDateAheadSeconds?: number; storedLaterMs?: number }
	/** The client gets a 503 at once (from a gateway: see statusBeforeCommit); the write commits `afterMs` later. */
	| { kind: 'lateCommit'; afterMs: number; status?: number; gatewayDateAheadSeconds?: number }
	/** The handler runs (the write commits), then a 200 with a body that is not the documented answer. */
	| { kind: 'badAnswer'; body: BadAnswerBody; storedLaterMs?: number }
	/**
	 * The handler runs; a streamed answer (a download) stops after `afterBytes`: the connection is
	 * cut, or with `stall` kept open and silent.
	 */
	| { kind: 'cutBody'; afterBytes: number; stall?: boolean }
	/** An error status whose body echoes the request (query, headers, body) raw, percent- or `+`-encoded. */
	| { kind: 'echoRequest'; status: number; encoding: 'raw' | 'percent' | 'plus' }
	/** The connection is accepted and never answered (until the client gives up or the server closes). */
	| { kind: 'hang' };

/** A 2xx body that is not the documented answer: a login page, cut JSON, nothing, a refusal, or JSON of the wrong shape. */
export type BadAnswerBody = 'html' | 'cutJson' | 'empty' | 'successFalse' | 'emptyObject' | 'emptyArray' | 'zeroId';

export const BAD_ANSWER_BODIES: BadAnswerBody[] = [
	'html',
	'cutJson',
	'empty',
	'successFalse',
	'emptyObject',
	'emptyArray',
	'zeroId',
];

export interface FaultSpec {
	match: FaultMatch;
	fault: FaultKind;
	/** How many matching requests this fault hits (default 1). */
	times?: number;
	/** Matching requests to let through before the fault starts hitting (default 0). */
	skip?: number;
}

/** One line of the request log tests use to count requests. */
export interface RequestLogEntry {
	seq: number;
	method: string;
	path: string;
	action?: string;
	mcpMethod?: string;
	mcpTool?: string;
	status: number | 'dropped';
	fault?: FaultKind['kind'];
	/** Which authentication method the request used, when the handler recognized one. */
	auth?: string;
	/** True when the request carried a secret in its URL query (tests assert this stays false). */
	secretInQuery?: boolean;
}
