/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';

import { AccountStore } from './accounts';
import { FaultInjector, validateFaultSpec, type FaultTarget } from './faults';
import { badAnswer, bodyPrefix, bufferedBody, echoAnswer, redirectAnswer } from './hostile';
import { multipartBoundary } from './multipart';
import { SECRET_PARAMETERS } from './storage/auth';
import type { NoDataAnswer, StorageLimits, StorageServices } from './storage/context';
import { EncryptionKeyStore } from './storage/encryptionKeys';
import { SlidingWindowLimiter } from './storage/rateLimit';
import { createStorageHandler } from './storage/router';
import { SESSION_IDLE_SECONDS, SessionStore } from './storage/sessions';
import { SsoDirectory } from './storage/sso';
import { StorageStore } from './storage/store';
import type { FaultKind, FaultSpec, RequestLogEntry, SimHandler, SimRequest, SimResponse } from './types';

export const SIMULATOR_HOST = '127.0.0.1';

/** A gateway's error answer: the connection closed, and its own `Date` when its clock is off. */
function gatewayHeaders(dateAheadSeconds: number | undefined): Record<string, string> {
	const headers: Record<string, string> = { Connection: 'close' };
	if (dateAheadSeconds) headers.Date = new Date(Date.now() + dateAheadSeconds * 1000).toUTCString();
	return headers;
}

/** Bodies other than multipart uploads are read whole, up to this size (413 beyond). */
const MAX_BUFFERED_BODY_BYTES = 64 * 1024 * 1024;

/** Hosts that count as the service's own or partner domains (sesslogin.php redirects). */
const SERVICE_DOMAINS = ['svc.example', 'svc-partner.example'];

export interface SimulatorOptions {
	/** 0 (default) picks a free port. The host is always 127.0.0.1. */
	port?: number;
	/** upload_file answers 493 above this (default 1 GiB). */
	maxFileBytes?: number;
	/** upload_file answers 492 when the target folder would grow above this (default 4 GiB). */
	maxFolderBytes?: number;
	/** create_folder (and get_upload_id.php) per account per minute; 429 past it (default 600). */
	createFolderRatePerMinute?: number;
	/** Multiplies every time window (rate limits, session idle time); 0.01 makes a minute 0.6 s. */
	timeScale?: number;
	/** Milliseconds clock (default Date.now). */
	now?: () => number;
	/**
	 * What move_file and delete_file answer: document 1 says "200 with no documented data".
	 * `emptyObject` (default) is `{}`, `emptyBody` no body at all, `status` a status object.
	 */
	noDataAnswer?: NoDataAnswer;
}

/** A handler response that also names the authentication method it recognized (request log `auth`). */
export interface AuthReportingResponse extends SimResponse {
	auth?: string;
}

export interface Simulator {
	/** `http://127.0.0.1:PORT`, without a trailing slash. */
	readonly baseUrl: string;
	readonly port: number;
	readonly accounts: AccountStore;
	readonly storage: StorageStore;
	readonly encryptionKeys: EncryptionKeyStore;
	readonly sessions: SessionStore;
	readonly sso: SsoDirectory;
	readonly faults: FaultInjector;
	/** Upload limits; change them at run time if a test needs to. */
	readonly limits: StorageLimits;
	/** Every request except the `/__sim/` control surface, in arrival order. */
	readonly requests: RequestLogEntry[];
	/**
	 * The time a write is stored at: now, or later while a fault with `storedLaterMs` runs its request (a queued
	 * backend). Every store of the simulator stamps what it makes with it.
	 */
	readonly storedAt: () => number;
	/** The simulator's clock (the `now` option, else the real one). */
	readonly now: () => number;
	/**
	 * Routes paths under `prefix` to `handler`; the longest matching prefix wins, built-in
	 * routes included. Mounting a prefix again replaces its handler.
	 */
	mount(prefix: string, handler: SimHandler): void;
	resetRequests(): void;
	/** Forgets create_folder's rate window, as a quiet minute would: for a bench's next run. */
	clearLimits(): void;
	close(): Promise<void>;
}

interface Mount {
	prefix: string;
	handler: SimHandler;
}

function prefixMatches(path: string, prefix: string): boolean {
	if (prefix.endsWith('/')) return path.startsWith(prefix) || path === prefix.slice(0, -1);
	return path === prefix || path.startsWith(`${prefix}/`);
}

function isLoopback(address: string | undefined): boolean {
	return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

export function isServiceHost(hostname: string): boolean {
	const host = hostname.toLowerCase();
	if (host === SIMULATOR_HOST || host === 'localhost') return true;
	return SERVICE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

/** The request log's action, JSON-RPC method and tool for a request. */
export function describeRequest(path: string, body: Buffer): FaultTarget {
	const target: FaultTarget = {};
	const action =
		/^\/api_v2\/([^/]+)\/?$/.exec(path)?.[1] ??
		/^\/api\/([^/]+)\.php$/.exec(path)?.[1] ??
		/^\/api_dvs\/[^/]+\/([^/]+)\/?$/.exec(path)?.[1];
	if (action) target.action = action;
	const message = jsonRpcMessage(body);
	if (message && typeof message.method === 'string') {
		target.mcpMethod = message.method;
		const params = message.params as Record<string, unknown> | undefined;
		if (message.method === 'tools/call' && typeof params?.name === 'string') target.mcpTool = params.name;
	}
	return target;
}

function jsonRpcMessage(body: Buffer): Record<string, unknown> | undefined {
	const start = body.subarray(0, 16).toString('utf8').trimStart();
	if (!start.startsWith('{') && !start.startsWith('[')) return undefined;
	try {
		const parsed: unknown = JSON.parse(body.toString('utf8'));
		const message = Array.isArray(parsed) ? parsed[0] : parsed;
		return typeof message === 'object' && message !== null && 'jsonrpc' in message
			? (message as Record<string, unknown>)
			: undefined;
	} catch {
		return undefined;
	}
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too large'> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of req) {
		size += (chunk as Buffer).length;
		if (size > MAX_BUFFERED_BODY_BYTES) return 'too large';
		chunks.push(chunk as Buffer);
	}
	return Buffer.concat(chunks);
}

function writeResponse(res: ServerResponse, response: SimResponse): void {
	if (res.destroyed || res.socket?.destroyed) {
		if (response.body instanceof Readable) response.body.destroy();
		return;
	}
	const headers: Record<string, string | string[]> = { ...(response.headers ?? {}) };
	let payload: Buffer | string | Readable | undefined = response.body;
	if (response.json !== undefined) {
		payload = JSON.stringify(response.json);
		headers['Content-Type'] ??= 'application/json; charset=utf-8';
	}
	res.writeHead(response.status, headers);
	if (payload instanceof Readable) {
		res.on('close', () => payload.destroy());
		payload.pipe(res);
		return;
	}
	res.end(payload ?? '');
}

function rateLimitResponse(fault: Extract<FaultKind, { kind: 'rateLimit' }>, body: Buffer): SimResponse {
	const headers = { 'Retry-After': String(fault.retryAfterSeconds) };
	const message = jsonRpcMessage(body);
	if (!message) return { status: 429, headers };
	return {
		status: 429,
		headers,
		json: {
			jsonrpc: '2.0',
			id: message.id ?? null,
			error: { code: -32029, message: `Rate limit exceeded. Retry after ${fault.retryAfterSeconds} seconds.` },
		},
	};
}

interface InFlight {
	entry: RequestLogEntry;
	/** What to answer when the client ends the body short of its Content-Length. */
	partialBodyStatus: number;
}

/** Starts the simulator on 127.0.0.1 with the storage API of document 1 and the control surface. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	const now = options.now ?? Date.now;
	const timeScale = options.timeScale ?? 1;
	const limits: StorageLimits = {
		maxFileBytes: options.maxFileBytes ?? 1024 * 1024 * 1024,
		maxFolderBytes: options.maxFolderBytes ?? 4 * 1024 * 1024 * 1024,
	};
	const accounts = new AccountStore();
	const storedLater = { ms: 0 };
	const storedAt = () => now() + storedLater.ms;
	const storage = new StorageStore({ now: storedAt });
	const encryptionKeys = new EncryptionKeyStore();
	const sessions = new SessionStore(now, SESSION_IDLE_SECONDS * 1000 * timeScale);
	const sso = new SsoDirectory();
	const faults = new FaultInjector();
	const requests: RequestLogEntry[] = [];
	const services: StorageServices = {
		accounts,
		storage,
		encryptionKeys,
		sessions,
		sso,
		limits,
		now,
		isServiceHost,
		noDataAnswer: options.noDataAnswer ?? 'emptyObject',
		createFolderLimiter: new SlidingWindowLimiter(options.createFolderRatePerMinute ?? 600, 60_000 * timeScale, now),
	};
	const storageHandler = createStorageHandler(services);
	const mounts: Mount[] = [
		{ prefix: '/api_v2/', handler: storageHandler },
		{ prefix: '/api/', handler: storageHandler },
	];
	const inFlight = new WeakMap<Socket, InFlight>();
	const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
	let nextSeq = 1;

	const delay = (ms: number): Promise<void> =>
		new Promise((resolve) => {
			const entry = { timer: setTimeout(() => finish(), ms), resolve: () => finish() };
			const finish = (): void => {
				clearTimeout(entry.timer);
				pendingDelays.delete(entry);
				resolve();
			};
			pendingDelays.add(entry);
		});

	const handlerFor = (path: string): SimHandler | undefined =>
		mounts.filter((mount) => prefixMatches(path, mount.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0]
			?.handler;

	const controlSurface = async (req: IncomingMessage, res: ServerResponse, path: string): Promise<void> => {
		const answer = (status: number, json?: unknown): void => writeResponse(res, { status, json });
		if (!isLoopback(req.socket.remoteAddress)) return answer(403, { error: 'control surface is loopback only' });
		const body = await readBody(req);
		const route = `${req.method} ${path}`;
		switch (route) {
			case 'GET /__sim/state':
				return answer(200, {
					accounts: accounts.all(),
					storage: storage.snapshot(),
					encryptionKeys: encryptionKeys.snapshot(),
					sessions: sessions.all(),
				});
			case 'GET /__sim/requests':
				return answer(200, requests);
			case 'POST /__sim/reset-requests':
				requests.length = 0;
				return answer(200, { ok: true });
			case 'POST /__sim/purge-deleted':
				return answer(200, { purged: storage.purgeDeletedFiles() });
			case 'POST /__sim/collect-garbage': {
				// A bench's runs each start on a simulator without the garbage of the run before (node --expose-gc).
				const collect = (globalThis as { gc?: () => void }).gc;
				collect?.();
				return answer(200, { collected: collect !== undefined });
			}
			case 'GET /__sim/faults':
				return answer(200, faults.pending());
			case 'DELETE /__sim/faults':
				faults.clear();
				return answer(200, { ok: true });
			case 'POST /__sim/faults': {
				let spec: unknown;
				try {
					spec = JSON.parse(body.toString('utf8'));
				} catch {
					return answer(400, { error: 'body must be JSON' });
				}
				const problem = validateFaultSpec(spec);
				if (problem) return answer(400, { error: problem });
				faults.add(spec as FaultSpec);
				return answer(201, { ok: true, pending: faults.pending().length });
			}
			default:
				return answer(404, { error: 'unknown control route' });
		}
	};

	const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
		res.on('error', () => undefined);
		const url = new URL(req.url ?? '/', `http://${SIMULATOR_HOST}`);
		if (url.pathname.startsWith('/__sim/')) return controlSurface(req, res, url.pathname);

		const method = (req.method ?? 'GET').toUpperCase();
		const entry: RequestLogEntry = { seq: nextSeq++, method, path: url.pathname, status: 0 };
		if ([...url.searchParams.keys()].some((key) => (SECRET_PARAMETERS as readonly string[]).includes(key))) {
			entry.secretInQuery = true;
		}
		requests.push(entry);
		inFlight.set(req.socket, {
			entry,
			partialBodyStatus: /^\/api_v2\/upload_file\/?$/.test(url.pathname) ? 494 : 400,
		});
		res.on('close', () => {
			if (inFlight.get(req.socket)?.entry === entry) inFlight.delete(req.socket);
		});
		const finish = (response: SimResponse): void => {
			entry.status = response.status;
			writeResponse(res, response);
		};
		const drop = (): void => {
			entry.status = 'dropped';
			req.socket.destroy();
		};

		const streamed = multipartBoundary(req.headers['content-type']) !== undefined;
		let body = Buffer.alloc(0);
		if (!streamed) {
			const read = await readBody(req).catch(() => 'aborted' as const);
			if (read === 'aborted') return drop();
			if (read === 'too large')
				return finish({ status: 413, json: { success: false, message: 'request body too large' } });
			body = read;
		}
		// A fault matched by a predicate may look into a multipart body (an upload's file name): read whole, then
		// handed on as a stream of that copy.
		const readWhole = streamed && faults.readsContent();
		const whole = readWhole ? await bufferedBody(req).catch(() => undefined) : undefined;
		if (readWhole && whole === undefined) return drop();
		const simRequest: SimRequest = {
			method,
			path: url.pathname,
			query: url.searchParams,
			headers: req.headers,
			body,
			ip: req.socket.remoteAddress ?? '',
			seq: entry.seq,
			...(streamed ? { bodyStream: whole ? Readable.from([whole]) : req } : {}),
		};
		const target = describeRequest(url.pathname, body);
		Object.assign(entry, target);

		const fault = faults.take(whole ? { ...simRequest, body: whole } : simRequest, target);
		if (fault) entry.fault = fault.kind;
		switch (fault?.kind) {
			case 'redirect':
				req.resume();
				return finish(redirectAnswer(fault));
			case 'echoRequest':
				return finish(echoAnswer(fault, req, streamed ? (whole ?? (await bufferedBody(req))) : body));
			case 'hang':
				req.resume();
				await new Promise<void>((resolve) => res.on('close', () => resolve()));
				entry.status = 'dropped';
				return;
			case 'lateCommit': {
				// The client gets its 503 at once; the handler runs on the whole body later.
				const lateBody = streamed ? (whole ?? (await bufferedBody(req))) : body;
				finish({ status: fault.status ?? 503, headers: gatewayHeaders(fault.gatewayDateAheadSeconds) });
				await delay(fault.afterMs);
				const late: SimRequest = {
					...simRequest,
					body: streamed ? Buffer.alloc(0) : lateBody,
					...(streamed ? { bodyStream: Readable.from([lateBody]) } : {}),
				};
				await handlerFor(url.pathname)?.(late).catch(() => undefined);
				return;
			}
			case 'dropBeforeCommit':
				return drop();
			case 'statusBeforeCommit':
				req.resume();
				return finish({ status: fault.status, headers: gatewayHeaders(fault.gatewayDateAheadSeconds) });
			case 'rateLimit':
				req.resume();
				return finish(rateLimitResponse(fault, body));
			case 'delay':
				await delay(fault.ms);
				break;
			case 'mcpUncertain':
			case 'partialWrite':
				simRequest.fault = fault;
				break;
			default:
				break;
		}

		const handler = handlerFor(url.pathname);
		let response: AuthReportingResponse;
		try {
			// Only this request moves the stores' clock (others in flight meanwhile are stored later too).
			const laterMs = fault !== undefined && 'storedLaterMs' in fault ? (fault.storedLaterMs ?? 0) : 0;
			if (laterMs > 0) storedLater.ms = laterMs;
			try {
				response = handler
					? await handler(simRequest)
					: { status: 404, json: { success: false, message: 'not found' } };
			} finally {
				if (laterMs > 0) storedLater.ms = 0;
			}
		} catch (error) {
			console.error('simulator handler failed', error);
			response = { status: 500, json: { success: false, message: 'internal server error' } };
		}
		if (typeof response.auth === 'string') entry.auth = response.auth;
		if (entry.status !== 0) {
			// The client ended the body early and already got its answer from the clientError hook.
			if (response.body instanceof Readable) response.body.destroy();
			return;
		}
		if (fault?.kind === 'dropAfterCommit') {
			if (response.body instanceof Readable) response.body.destroy();
			return drop();
		}
		if (fault?.kind === 'status500AfterCommit' || fault?.kind === 'statusAfterCommit') {
			if (response.body instanceof Readable) response.body.destroy();
			if (fault.kind === 'status500AfterCommit') return finish({ status: 500 });
			return finish({ status: fault.status, headers: gatewayHeaders(fault.gatewayDateAheadSeconds) });
		}
		if (fault?.kind === 'badAnswer') {
			if (response.body instanceof Readable) response.body.destroy();
			return finish(badAnswer(fault, response));
		}
		if (fault?.kind === 'cutBody') {
			// The headers promise the whole body; the connection breaks after part of it.
			const { prefix, length } = await bodyPrefix(response, fault.afterBytes);
			entry.status = response.status;
			const headers = {
				...(response.headers ?? {}),
				...(length !== undefined ? { 'Content-Length': String(length) } : {}),
			};
			res.writeHead(response.status, headers);
			res.write(prefix, () => {
				if (!fault.stall) req.socket.destroy();
			});
			return;
		}
		finish(response);
	};

	const server: Server = createServer((req, res) => {
		handle(req, res).catch((error: unknown) => {
			console.error('simulator failed', error);
			if (!res.headersSent) writeResponse(res, { status: 500 });
		});
	});
	server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
		const current = inFlight.get(socket);
		if (error.code === 'HPE_INVALID_EOF_STATE' && current && current.entry.status === 0 && socket.writable) {
			// A body shorter than its Content-Length: answer before Node closes the socket.
			current.entry.status = current.partialBodyStatus;
			const reason = current.partialBodyStatus === 494 ? 'partial upload' : 'incomplete body';
			socket.end(`HTTP/1.1 ${current.partialBodyStatus} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
			return;
		}
		if (socket.writable && !current) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
		else socket.destroy();
	});

	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		// A backlog as deep as Linux allows (somaxconn, 4096): a run of 1,000 requests at once opens 1,000 connections,
		// and past Node's default of 511 the rest waited a second for their SYN to be sent again.
		server.listen({ port: options.port ?? 0, host: SIMULATOR_HOST, backlog: 4096 }, () => {
			server.off('error', reject);
			resolve();
		});
	});
	const port = (server.address() as AddressInfo).port;

	return {
		baseUrl: `http://${SIMULATOR_HOST}:${port}`,
		port,
		accounts,
		storage,
		encryptionKeys,
		sessions,
		sso,
		faults,
		limits,
		requests,
		now,
		storedAt,
		mount(prefix: string, handler: SimHandler): void {
			const existing = mounts.findIndex((mount) => mount.prefix === prefix);
			if (existing >= 0) mounts.splice(existing, 1);
			mounts.push({ prefix, handler });
		},
		resetRequests(): void {
			requests.length = 0;
		},
		clearLimits(): void {
			services.createFolderLimiter.reset();
		},
		close(): Promise<void> {
			for (const pending of [...pendingDelays]) pending.resolve();
			return new Promise((resolve) => {
				server.close(() => resolve());
				server.closeAllConnections();
			});
		},
	};
}
