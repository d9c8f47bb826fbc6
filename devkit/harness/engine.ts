/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';
import { BinaryDataService, DataDeduplicationService, ErrorReporter, type BinaryDataConfig } from 'n8n-core';
import { LoggerProxy, type LogMetadata, type Logger as WorkflowLogger } from 'n8n-workflow';

import { throwawayFolder } from '../tempRoot';
import { MemoryDeduplicator } from './coreNodes';

/**
 * n8n's binary data modes: `default` keeps a file in the execution data (base64; n8n 1.x's default),
 * `filesystem` stores it in files, `database` (2.x queue mode's default) in a database row, through
 * n8n's own DatabaseManager from the n8n install over an in-memory table (see databaseManager()).
 */
export type BinaryMode = 'default' | 'filesystem' | 'database';

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
	if (run.binaryMode === 'database') enableDatabaseMode();
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

/** n8n's default cap on a file in `database` mode (N8N_BINARY_DATA_DATABASE_MAX_FILE_SIZE), in MiB. */
export const DATABASE_MODE_MAX_FILE_MIB = 512;

async function createBinaryDataService(mode: BinaryMode, serviceLogger: HarnessLogger): Promise<BinaryDataService> {
	const config = {
		mode,
		availableModes: ['filesystem', 'database'],
		localStoragePath: binaryStoragePath(),
		signingSecret: 'harness-binary-data-signing-secret',
		dbMaxFileSize: DATABASE_MODE_MAX_FILE_MIB,
	} as unknown as BinaryDataConfig;
	const service = new BinaryDataService(config, errorReporter, serviceLogger as unknown as Logger);
	await service.init();
	return service;
}

/** The binary data table n8n's DatabaseManager writes to, as rows in memory (what it asks of its repository). */
class MemoryBinaryDataTable {
	readonly rows = new Map<string, Record<string, unknown>>();

	async insert(row: Record<string, unknown>): Promise<void> {
		this.rows.set(row.fileId as string, { ...row });
	}

	async findOneOrFail({ where }: { where: { fileId: string } }): Promise<Record<string, unknown>> {
		const row = this.rows.get(where.fileId);
		if (!row) throw new Error(`no binary data row ${where.fileId}`);
		return row;
	}

	async delete(criteria: { fileId?: unknown; sourceId?: unknown }): Promise<void> {
		if (typeof criteria.fileId === 'string') this.rows.delete(criteria.fileId);
		else this.rows.clear();
	}

	async update({ fileId }: { fileId: string }, change: { fileId: string }): Promise<{ affected: number }> {
		const row = this.rows.get(fileId);
		if (!row) return { affected: 0 };
		this.rows.delete(fileId);
		this.rows.set(change.fileId, { ...row, fileId: change.fileId });
		return { affected: 1 };
	}
}

let databaseTable: MemoryBinaryDataTable | undefined;

/**
 * n8n's own `database` mode manager (packages/cli, not in n8n-core) from the n8n install, loaded only
 * when a run asks for the mode: unit tests run without an install.
 */
function databaseManager(): unknown {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded from the n8n install on demand
	const { n8nModules } = require('../n8n/runtime') as typeof import('../n8n/runtime');
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const { DatabaseManager } = require(join(n8nModules(), 'n8n', 'dist', 'binary-data', 'database.manager.js')) as {
		DatabaseManager: new (repository: unknown, config: { dbMaxFileSize: number }) => unknown;
	};
	databaseTable = new MemoryBinaryDataTable();
	return new DatabaseManager(databaseTable, { dbMaxFileSize: DATABASE_MODE_MAX_FILE_MIB });
}

/** Gives every mode's service the `database` manager, so any run can read what a database-mode run stored. */
function enableDatabaseMode(): void {
	if (!binaryServices || databaseTable) return;
	const manager = databaseManager();
	for (const service of Object.values(binaryServices)) service.setManager('database', manager as never);
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
			database: await createBinaryDataService('database', harnessLogger),
		};
		binaryServices = services;
		// What n8n's CLI gives Remove Duplicates' helpers (its database table), kept in memory for the process.
		await DataDeduplicationService.init(new MemoryDeduplicator());
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
	databaseTable?.rows.clear();
}
