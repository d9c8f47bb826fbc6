/**
 * Exactly once at the cost of a plain write (issue 39, "Every write pays for the destination's whole
 * size"): into a folder of 2,000 entries, a storage write (create folder, upload, import) sends one
 * request and reads nothing before it, REST and MCP. After a lost answer it still settles by looking
 * (found → `reconciled`, never sent twice), and an older entry of the same name (created minutes
 * before, as the entry's own creation time says) is never taken for the write.
 */
import type { ServiceSimulator } from '../../../devkit/simulator';
import { sim, storedLaterThen, useRecoveryEnv } from './env';
import { kindRows, WRITE_KINDS, type Destination } from './writeKinds';
import { runAlone, said } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

const STORAGE_WRITES = WRITE_KINDS.filter((kind) => /folder\.create|file\.(upload|import)/.test(kind.name));

const ENTRIES = 2000;

/** The destination folder, filled with 2,000 files of other names. */
function filled(simulator: ServiceSimulator, destination: Destination): string {
	const folder = destination.folder?.();
	if (!folder) throw new Error('a storage write has a folder');
	const owner = simulator.demo.pro.userId;
	for (let n = 0; n < ENTRIES; n++) simulator.storage.addFile(owner, folder, `filler-${n}.txt`, Buffer.from(`${n}`));
	return folder;
}

/** The service calls (REST actions, MCP tool calls) logged from `start` on, by name. */
const callsSince = (start: number) =>
	sim()
		.requests.slice(start)
		.filter((entry) => entry.action !== undefined || entry.mcpTool !== undefined)
		.map((entry) => entry.action ?? entry.mcpTool);

/** Makes the store's entry `seconds` older, as if created that long ago (its creation time field). */
function olderBy(simulator: ServiceSimulator, id: string, seconds: number): void {
	const folder = simulator.storage.getFolder(id);
	if (folder) (folder as { createdAt: number }).createdAt -= seconds;
	const file = simulator.storage.getFile(id);
	if (file) (file as { uploadedAt: number }).uploadedAt -= seconds;
}

const writeName = (match: { action?: string; mcpTool?: string }) => match.action ?? match.mcpTool;

describe.each(kindRows(STORAGE_WRITES))('%s', (_name, kind) => {
	it(`into a folder of ${ENTRIES} entries: one request, the write, and nothing read before it`, async () => {
		const destination = kind.prepare(sim());
		filled(sim(), destination);
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(marker('w'))]);
		expect(run.result.error).toBeUndefined();
		expect(callsSince(start)).toEqual([writeName(kind.match)]);
	});

	it(`into a folder of ${ENTRIES} entries, the answer lost: found by looking, returned reconciled, sent once`, async () => {
		const destination = kind.prepare(sim());
		filled(sim(), destination);
		const m = marker('w');
		sim().faults.add({ match: kind.match, fault: storedLaterThen() });
		const start = sim().requests.length;
		const run = await runAlone(destination, [destination.item(m)]);
		expect(run.result.error).toBeUndefined();
		expect(said(run.items[0])).toBe('reconciled');
		const [written] = destination.objects(m);
		expect(JSON.stringify(run.items[0])).toContain(written.id);
		expect(callsSince(start).filter((call) => call === writeName(kind.match))).toHaveLength(1);
	});

	it.each([
		['the write landed and its answer was lost', storedLaterThen(), true],
		['the connection was lost before the write landed', { kind: 'dropBeforeCommit' } as const, false],
	])(
		'an entry of the same name and content created minutes before, %s: that entry is never taken for the write',
		async (_case, fault, landed) => {
			const destination = kind.prepare(sim());
			const m = marker('w');
			const earlier = await runAlone(destination, [destination.item(m)]);
			expect(earlier.result.error).toBeUndefined();
			const [old] = destination.objects(m);
			olderBy(sim(), old.id, 5 * 60);
			sim().faults.add({ match: kind.match, fault });
			const run = await runAlone(destination, [destination.item(m)], { onError: 'continueRegularOutput' });
			expect(JSON.stringify(run.items[0])).not.toContain(old.id);
			const now = destination.objects(m);
			expect(now.map((object) => object.id)).toContain(old.id);
			if (kind.repeat === 'nameConflict') {
				// Over MCP the taken name is refused: the write made nothing, and nothing is claimed.
				expect(now).toHaveLength(1);
				expect(['name conflict', 'uncertain']).toContain(said(run.items[0]));
			} else if (landed) {
				// Over REST the write is made under the service's numbering: the newest of the two that hold what was
				// sent, the older one dated before it by the listing's own clock, is returned.
				expect(now).toHaveLength(2);
				expect(['written', 'reconciled']).toContain(said(run.items[0]));
				const ours = now.find((object) => object.id !== old.id);
				expect(JSON.stringify(run.items[0])).toContain(ours?.id);
			} else {
				// Alone, the older entry holds what was sent, dated minutes before the send: a listing clock can lag
				// that far (LISTING_SKEW_MS), so it may be the write. Never taken, never written a second time.
				expect(now).toHaveLength(1);
				expect(said(run.items[0])).toBe('uncertain');
			}
		},
	);
});
