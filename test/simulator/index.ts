import { StorageAttachments, dvsMultipartParser } from './attachments';
import { createDvsHandler, DvsStore, seedDvsDemo, type DvsSeed } from './dvs';
import { seedDemo, type DemoData } from './seed';
import { startSimulator, type Simulator, type SimulatorOptions } from './server';

export interface DvsPart {
	store: DvsStore;
	seed: DvsSeed;
	attachments: StorageAttachments;
}

/** The whole service: storage with the DVS API mounted, over one account store and one clock. */
export interface ServiceSimulator extends Simulator {
	demo: DemoData;
	dvs: DvsPart;
}

/** Mounts the DVS API (document 3) on a storage simulator, seeding both demo organizations. */
export async function mountDvs(sim: Simulator, now: () => number = Date.now): Promise<DvsPart> {
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

/** Starts the simulator on 127.0.0.1 with storage and DVS demo data; `close()` stops it. */
export async function startServiceSimulator(options: SimulatorOptions = {}): Promise<ServiceSimulator> {
	const sim = await startSimulator(options);
	const demo = seedDemo(sim);
	const dvs = await mountDvs(sim, options.now);
	return Object.assign(sim, { demo, dvs });
}

export type { Simulator, SimulatorOptions } from './server';
