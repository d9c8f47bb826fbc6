import { StorageAttachments, dvsMultipartParser } from './attachments';
import { createDvsHandler, DvsStore, seedDvsDemo, type DvsSeed } from './dvs';
import {
	createMcpSimulator,
	defaultSettings,
	DOWNLOAD_PREFIX,
	DownloadLinks,
	type McpDeps,
	type McpSettings,
} from './mcp';
import type { McpState } from './mcp/state';
import { seedDemo, type DemoData } from './seed';
import { startSimulator, type Simulator, type SimulatorOptions } from './server';

export interface DvsPart {
	store: DvsStore;
	seed: DvsSeed;
	attachments: StorageAttachments;
}

/** The MCP endpoint over the shared stores. */
export interface McpPart {
	/** Read on every request: flip them at run time (`sim.mcp.settings.writesEnabled = false`). */
	settings: McpSettings;
	/** OAuth clients, consents, codes, grants and tokens (`state.oauth`), rate-limit counters. */
	state: McpState;
	/** Signs the download URLs of `svc_read_file` for files too large to inline. */
	downloadLinks: DownloadLinks;
}

/** The whole service: storage with the DVS API and the MCP endpoint mounted, over one account store and one clock. */
export interface ServiceSimulator extends Simulator {
	demo: DemoData;
	dvs: DvsPart;
	mcp: McpPart;
}

export interface ServiceSimulatorOptions extends SimulatorOptions {
	/**
	 * MCP deployment settings. Defaults: every switch on (writes, DVS, DVS writes, OAuth),
	 * `toolPrefix` `svc_`, `timeScale` from the simulator options.
	 */
	mcp?: Partial<McpSettings>;
	/** Import fetcher, DNS and Client ID Metadata Document hooks of the MCP endpoint (default: real network). */
	mcpDeps?: Partial<Pick<McpDeps, 'fetchSource' | 'resolveHost' | 'fetchClientMetadata'>>;
}

/** Mounts the DVS API (document 3) on a storage simulator, seeding both demo organizations. */
/** `now`, moved as the simulator's stores are while a fault has a write stored later (`sim.storedAt`). */
const storedClock = (sim: Simulator, now: () => number) => () => now() + sim.storedAt() - sim.now();

export async function mountDvs(sim: Simulator, clock: () => number = Date.now): Promise<DvsPart> {
	const now = storedClock(sim, clock);
	const store = new DvsStore(now);
	const attachments = new StorageAttachments(sim.storage, sim.accounts, sim.limits);
	const seed = await seedDvsDemo(sim.accounts, store, attachments);
	for (const account of sim.accounts.all()) sim.storage.createRootFolder(account);
	sim.mount(
		'/api_dvs/',
		createDvsHandler({
			accounts: sim.accounts,
			store,
			attachments,
			now,
			parseMultipart: dvsMultipartParser(sim.limits),
		}),
	);
	return { store, seed, attachments };
}

export interface MountMcpOptions {
	settings?: Partial<McpSettings>;
	/** Used when `settings.timeScale` is not given (default 1). */
	timeScale?: number;
	now?: () => number;
	deps?: ServiceSimulatorOptions['mcpDeps'];
}

/**
 * Mounts the MCP endpoint (document 2) on a simulator that already has the DVS API: `/api/mcp`,
 * the OAuth routes, and `/mcp-download/` for signed download links. Its tools work on the
 * shared `StorageStore` and `DvsStore`, so REST and MCP see the same data.
 */
export function mountMcp(sim: Simulator, dvs: DvsPart, options: MountMcpOptions = {}): McpPart {
	const now = storedClock(sim, options.now ?? Date.now);
	const settings = defaultSettings({
		writesEnabled: true,
		dvsEnabled: true,
		dvsWritesEnabled: true,
		oauthEnabled: true,
		timeScale: options.timeScale ?? 1,
		...options.settings,
	});
	const downloadLinks = new DownloadLinks(now, () => 3600 * 1000 * settings.timeScale);
	const deps: McpDeps = {
		accounts: sim.accounts,
		storage: sim.storage,
		limits: sim.limits,
		downloadLinks,
		dvs: { accounts: sim.accounts, store: dvs.store, attachments: dvs.attachments },
		settings,
		now,
		...options.deps,
	};
	const { routes, state } = createMcpSimulator(deps);
	for (const [prefix, handler] of Object.entries(routes)) sim.mount(prefix, handler);
	sim.mount(DOWNLOAD_PREFIX, downloadLinks.handler(sim.storage));
	return { settings, state, downloadLinks };
}

/** Starts the simulator on 127.0.0.1 with storage, DVS and MCP, and the demo data; `close()` stops it. */
export async function startServiceSimulator(options: ServiceSimulatorOptions = {}): Promise<ServiceSimulator> {
	const { mcp: mcpSettings, mcpDeps, ...simulatorOptions } = options;
	const sim = await startSimulator(simulatorOptions);
	const demo = seedDemo(sim);
	const dvs = await mountDvs(sim, options.now);
	const mcp = mountMcp(sim, dvs, {
		settings: mcpSettings,
		timeScale: options.timeScale,
		now: options.now,
		deps: mcpDeps,
	});
	return Object.assign(sim, { demo, dvs, mcp });
}

export type { Simulator, SimulatorOptions } from './server';
export type { McpSettings } from './mcp';
