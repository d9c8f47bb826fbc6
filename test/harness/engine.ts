/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { BinaryDataService, ErrorReporter, type BinaryDataConfig } from 'n8n-core';
import { LoggerProxy, type LogMetadata, type Logger as WorkflowLogger } from 'n8n-workflow';

import { throwawayFolder } from '../tempRoot';

export type BinaryMode = 'default' | 'filesystem';

// Outside jest (bench, examples, the reliability suites) nobody has pointed n8n-core at a throwaway
// folder yet; without this it would write its instance config into the home folder. The folder goes
// when the process ends.
if (!process.env.N8N_USER_FOLDER) process.env.N8N_USER_FOLDER = throwawayFolder('n8n-nodes-svc-harness-');
process.env.N8N_ENCRYPTION_KEY ??= 'harness-encryption-key-not-a-secret';

/** What one harness call collects, and the binary data mode it runs in. */
export interface RunScope {
	binaryMode: BinaryMode;
	/** What nodes logged through `this.logger`. */
	logs: string[];
	/** What n8n-core handed its error reporter (n8n logs these, so they must be free of secrets too). */
	reportedErrors: string[];
}

export function newRunScope(binaryMode: BinaryMode = 'default'): RunScope {
	return { binaryMode, logs: [], reportedErrors: [] };
}

const scope = new AsyncLocalStorage<RunScope>();

/** Runs `fn` in `run`'s scope; concurrent runs keep their logs and binary mode apart. */
export async function inRunScope<T>(run: RunScope, fn: () => Promise<T>): Promise<T> {
	await initEngine();
	return await scope.run(run, fn);
}

function describeMetadata(metadata?: LogMetadata): string {
	if (!metadata || Object.keys(metadata).length === 0) return '';
	try {
		return ` ${JSON.stringify(metadata)}`;
	} catch {
		return ' [unserializable metadata]';
	}
}

/**
 * Stands in for n8n's winston logger. What a node logs inside a run goes to that run's `logs`; the
 * engine's own debug lines are dropped. HARNESS_LOG=1 echoes both to stderr.
 */
export class HarnessLogger implements WorkflowLogger {
	constructor(private readonly source: 'node' | 'engine') {}

	error(message: string, metadata?: LogMetadata): void {
		this.log('error', message, metadata);
	}

	warn(message: string, metadata?: LogMetadata): void {
		this.log('warn', message, metadata);
	}

	info(message: string, metadata?: LogMetadata): void {
		this.log('info', message, metadata);
	}

	debug(message: string, metadata?: LogMetadata): void {
		this.log('debug', message, metadata);
	}

	scoped(): this {
		return this;
	}

	private log(level: string, message: string, metadata?: LogMetadata): void {
		const line = `${level}: ${message}${describeMetadata(metadata)}`;
		if (this.source === 'node') scope.getStore()?.logs.push(line);
		if (process.env.HARNESS_LOG) process.stderr.write(`[harness ${this.source}] ${line}\n`);
	}
}

/** n8n's ErrorReporter logs reported errors with their stacks; here they are kept per run, messages only. */
class HarnessErrorReporter {
	error(error: unknown): void {
		const reported = scope.getStore()?.reportedErrors;
		const seen = new Set<unknown>();
		let current = error;
		while (current && !seen.has(current)) {
			seen.add(current);
			reported?.push(current instanceof Error ? `${current.name}: ${current.message}` : String(current));
			current = (current as { cause?: unknown }).cause;
		}
		if (process.env.HARNESS_LOG) process.stderr.write(`[harness reported] ${String(error)}\n`);
	}

	warn(warning: unknown): void {
		this.error(warning);
	}

	info(): void {}

	wrap(error: unknown): Error {
		return error instanceof Error ? error : new Error(String(error));
	}
}

const errorReporter = new HarnessErrorReporter() as unknown as ErrorReporter;

let logger: HarnessLogger | undefined;
let initialized: Promise<void> | undefined;
let binaryServices: Record<BinaryMode, BinaryDataService> | undefined;

export function binaryStoragePath(): string {
	return join(process.env.N8N_USER_FOLDER!, 'harness-binary-data');
}

async function createBinaryDataService(mode: BinaryMode, serviceLogger: HarnessLogger): Promise<BinaryDataService> {
	const config = {
		mode,
		availableModes: ['filesystem'],
		localStoragePath: binaryStoragePath(),
		signingSecret: 'harness-binary-data-signing-secret',
		dbMaxFileSize: 512,
	} as unknown as BinaryDataConfig;
	const service = new BinaryDataService(config, errorReporter, serviceLogger as unknown as Logger);
	await service.init();
	return service;
}

/** Node contexts log through the container's Logger, the engine through n8n-workflow's LoggerProxy. */
export function ensureLogger(): HarnessLogger {
	if (!logger) {
		logger = new HarnessLogger('node');
		Container.set(Logger, logger as unknown as Logger);
		Container.set(ErrorReporter, errorReporter);
		LoggerProxy.init(new HarnessLogger('engine'));
	}
	return logger;
}

/**
 * n8n-core reads the binary data service from the DI container on every call, and a service's mode
 * is fixed at init. So: one service per mode over the same storage folder, and the container entry
 * forwards to the one belonging to the run that asks.
 */
export async function initEngine(): Promise<void> {
	initialized ??= (async () => {
		const harnessLogger = ensureLogger();
		mkdirSync(binaryStoragePath(), { recursive: true });
		const services = {
			default: await createBinaryDataService('default', harnessLogger),
			filesystem: await createBinaryDataService('filesystem', harnessLogger),
		};
		binaryServices = services;
		Container.set(
			BinaryDataService,
			new Proxy(services.default, {
				get(_target, property) {
					const service = services[scope.getStore()?.binaryMode ?? 'default'];
					const value = Reflect.get(service, property, service) as unknown;
					return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(service) : value;
				},
			}),
		);
	})();
	await initialized;
}

/** The filesystem-mode service reads both kinds of binary data (inline base64 and stored files). */
export function binaryDataReader(): BinaryDataService {
	if (!binaryServices) throw new Error('The harness engine is not initialized');
	return binaryServices.filesystem;
}

/** Deletes every file the harness stored in filesystem binary data mode (call it in afterAll of big-file tests). */
export function removeBinaryData(): void {
	rmSync(join(binaryStoragePath(), 'workflows'), { recursive: true, force: true });
}
