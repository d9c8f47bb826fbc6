import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { closingAfter, storageServiceFor } from '../../shared/services/serviceFor';
import type { StorageService } from '../../shared/services/storage/StorageService';
import { pollBudgetOf } from '../../shared/polling/budget';
import type { PollBudget } from '../../shared/polling/budget';
import type { Cursor } from '../../shared/polling/cursor';
import { compareStamped, isAhead } from '../../shared/polling/cursor';
import { isManualPoll, noSampleError } from '../../shared/polling/manual';
import { pollOutput } from '../../shared/polling/output';
import { SeenRecord } from '../../shared/polling/record';
import { emitOnce, type Repeats } from '../../shared/polling/emission';
import { eventIdOf } from '../../shared/polling/eventId';
import { type SavedState, unreadableState, WatchedTarget } from '../../shared/polling/watchedTarget';
import { downloadWatchedFile } from '../download';
import type { StorageTriggerEvent, StorageTriggerSettings } from '../settings';
import { readStorageTriggerSettings } from '../settings';
import type { WatchedEntry } from '../watchedTree';
import { listWatchedTree } from '../watchedTree';

/** Requests one poll may make (listings, then downloads) whatever n8n's time budget. */
const MAX_REQUESTS_PER_POLL = 1000;

interface EntriesState {
	/** What the last poll saw (SeenRecord, encoded): by identity, with the last-modified second for File Updated. */
	seen: string;
	/** Files whose download failed, by key: polls that tried. */
	attempts?: Record<string, number>;
}

const KIND_OF: Record<StorageTriggerEvent, WatchedEntry['kind']> = {
	newFile: 'file',
	fileUpdated: 'file',
	newFolder: 'folder',
};

/** What an entry is compared by: File Updated keeps the last-modified second; the others only identity. */
function stampOf(event: StorageTriggerEvent, entry: WatchedEntry): number | undefined {
	return event === 'fileUpdated' ? entry.modified : undefined;
}

/** Oldest first: by upload second (New File, New Folder) or last-modified second (File Updated), then hash. */
function oldestFirst(event: StorageTriggerEvent): (a: WatchedEntry, b: WatchedEntry) => number {
	const at = (entry: WatchedEntry) => (event === 'fileUpdated' ? entry.modified : entry.at);
	return (a, b) => compareStamped({ at: at(a), id: a.id }, { at: at(b), id: b.id });
}

/**
 * Whether the entry is due: unseen (New File, New Folder), or seen with another last-modified second (File
 * Updated).
 */
function isDue(event: StorageTriggerEvent, record: SeenRecord, entry: WatchedEntry): boolean {
	if (event !== 'fileUpdated') return !record.has(entry.key);
	return record.has(entry.key) && record.stampOf(entry.key) !== entry.modified;
}

/**
 * The saved record, from this layout or the one before it: layout 1 kept a time cursor (upload
 * second and hashes) for New File; what was behind it counts as seen.
 */
function recordOf(
	ctx: IPollFunctions,
	event: StorageTriggerEvent,
	saved: SavedState,
	entries: WatchedEntry[],
): { record: SeenRecord; attempts: Record<string, number> } {
	if (saved.version === 1) {
		const cursor = saved.state.cursor as Cursor | undefined;
		const record = new SeenRecord(false);
		for (const entry of entries) if (cursor && !isAhead(cursor, entry)) record.set(entry.key);
		return event === 'newFile' ? { record, attempts: {} } : unreadableState(ctx, 'it was saved for another event');
	}
	const record = SeenRecord.decode(saved.state.seen, event === 'fileUpdated');
	if (!record) return unreadableState(ctx, 'it is damaged');
	const attempts = (
		saved.state.attempts && typeof saved.state.attempts === 'object' ? saved.state.attempts : {}
	) as Record<string, number>;
	return { record, attempts };
}

function baseline(event: StorageTriggerEvent, entries: WatchedEntry[]): EntriesState {
	const record = new SeenRecord(event === 'fileUpdated');
	for (const entry of entries) record.set(entry.key, stampOf(event, entry));
	return { seen: record.encode() };
}

/**
 * The entry as listed, with where it is (`folder_path` below the watched folder, and a file's
 * `folder_hash`) and the event's stable ID (by hash, and for File Updated its last-modified second).
 */
function itemOf(event: StorageTriggerEvent, entry: WatchedEntry, extra: IDataObject = {}): INodeExecutionData {
	const place = entry.kind === 'file' ? { folder_hash: entry.folderHash } : { parent_folder_hash: entry.folderHash };
	const eventId = eventIdOf(event, entry.id, stampOf(event, entry));
	return { json: { ...entry.entry, ...place, folder_path: entry.folderPath, ...extra, event_id: eventId } };
}

/** Fetch Test Event: the newest matching entry, without touching the saved state. */
async function sample(
	ctx: IPollFunctions,
	storage: StorageService,
	settings: StorageTriggerSettings,
	entries: WatchedEntry[],
): Promise<INodeExecutionData[][]> {
	const order = oldestFirst(settings.event);
	const newest = entries.filter((entry) => settings.accepts(entry.name)).sort((a, b) => order(b, a))[0];
	if (!newest) {
		const what = settings.event === 'newFolder' ? 'folder' : 'file';
		throw noSampleError(
			ctx,
			`No matching ${what} in the watched folder yet`,
			`Add a ${what} to the folder (matching the filters), then fetch a test event again.`,
		);
	}
	if (!settings.binaryPropertyName) return [[itemOf(settings.event, newest)]];
	const download = await downloadWatchedFile(ctx, storage, newest);
	if (download.kind === 'binary')
		return [[{ ...itemOf(settings.event, newest), binary: { [settings.binaryPropertyName]: download.binary } }]];
	return [[itemOf(settings.event, newest, download.kind === 'failed' ? { download_error: download.message } : {})]];
}

/** What one poll works with while it takes the due entries, and the record and attempts it saves. */
interface Pass {
	ctx: IPollFunctions;
	storage: StorageService;
	settings: StorageTriggerSettings;
	budget: PollBudget;
	repeats: Repeats;
	known: { record: SeenRecord; attempts: Record<string, number> };
	record: SeenRecord;
	attempts: Record<string, number>;
}

/**
 * Takes the due entries oldest first, up to the per-poll maximum and while n8n's budget allows the
 * downloads; each one taken (or filtered out) enters the record. A repeat of what this process already
 * emitted is taken without its download and does not count (`emitOnce` leaves it out).
 */
async function takeDue(pass: Pass, due: WatchedEntry[]): Promise<INodeExecutionData[]> {
	const { ctx, storage, settings, budget, known, record, attempts } = pass;
	const { event } = settings;
	const items: INodeExecutionData[] = [];
	let repeated = 0;
	for (const entry of due) {
		if (!settings.accepts(entry.name)) {
			record.set(entry.key, stampOf(event, entry));
			continue;
		}
		if (pass.repeats.has(eventIdOf(event, entry.id, stampOf(event, entry)))) {
			items.push(itemOf(event, entry));
			repeated++;
			delete attempts[entry.key];
		} else {
			if (items.length - repeated >= settings.maxItemsPerPoll) break;
			if (!settings.binaryPropertyName) {
				items.push(itemOf(event, entry));
				record.set(entry.key, stampOf(event, entry));
				continue;
			}
			if (items.length > repeated && !budget.take()) break;
			const download = await downloadWatchedFile(ctx, storage, entry);
			if (download.kind === 'failed') {
				const tried = (known.attempts[entry.key] ?? 0) + 1;
				if (tried < settings.downloadAttempts) {
					attempts[entry.key] = tried;
					continue;
				}
				items.push(itemOf(event, entry, { download_error: download.message }));
				delete attempts[entry.key];
			} else if (download.kind === 'binary') {
				items.push({ ...itemOf(event, entry), binary: { [settings.binaryPropertyName]: download.binary } });
			}
		}
		record.set(entry.key, stampOf(event, entry));
	}
	return items;
}

/**
 * One poll of the Svc Storage Trigger (New File, File Updated, New Folder): lists the watched
 * tree, compares it with the record of what was seen, and emits what is due (`takeDue`). Only what
 * is emitted (or filtered out) enters the record, so the rest waits for the next poll and a backlog
 * drains; the record forgets what the listing no longer shows. The first poll only records what exists.
 */
async function pollWith(
	ctx: IPollFunctions,
	storage: StorageService,
	settings: StorageTriggerSettings,
	budget: PollBudget,
	repeats: Repeats,
): Promise<INodeExecutionData[][] | null> {
	const { event } = settings;
	const entries = (await listWatchedTree(ctx, storage, settings.folderHash, settings.depth, budget)).filter(
		(entry) => entry.kind === KIND_OF[event],
	);
	if (isManualPoll(ctx)) return await sample(ctx, storage, settings, entries);

	const target = new WatchedTarget(ctx, { event, folder: settings.folderHash, depth: settings.depth });
	const saved = target.read();
	const known = saved ? recordOf(ctx, event, saved, entries) : undefined;
	if (!known) {
		target.start(baseline(event, entries));
		return null;
	}
	const present = new Set(entries.map((entry) => entry.key));
	const record = known.record.keepOnly(present);
	if (event === 'fileUpdated')
		for (const entry of entries) if (!record.has(entry.key)) record.set(entry.key, entry.modified);
	const attempts = Object.fromEntries(Object.entries(known.attempts).filter(([key]) => present.has(key)));
	const due = entries.filter((candidate) => isDue(event, known.record, candidate)).sort(oldestFirst(event));
	const items = await takeDue({ ctx, storage, settings, budget, repeats, known, record, attempts }, due);
	target.save({
		seen: record.encode(),
		...(Object.keys(attempts).length ? { attempts } : {}),
	} satisfies EntriesState);
	return pollOutput(items);
}

/** One poll of the Svc Storage Trigger: the chosen event over the node's credential. */
export async function pollStorageTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readStorageTriggerSettings(this);
	const budget = pollBudgetOf(this, MAX_REQUESTS_PER_POLL);
	return await emitOnce(
		this,
		async (repeats) =>
			await closingAfter(
				storageServiceFor(this, () => settings.timeoutMs),
				async (storage) => await pollWith(this, storage, settings, budget, repeats),
			),
	);
}
