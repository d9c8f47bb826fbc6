import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { closingAfter, storageServiceFor } from '../shared/services/select';
import type { StorageService } from '../shared/services/storage/StorageService';
import { pollBudgetOf } from '../shared/polling/budget';
import type { Cursor } from '../shared/polling/cursor';
import { advance, aheadOf, compareStamped, cursorAfterAll } from '../shared/polling/cursor';
import { isManualPoll, noSampleError } from '../shared/polling/manual';
import { pollOutput } from '../shared/polling/output';
import { fingerprintOf, readPollState, writePollState } from '../shared/polling/state';
import { downloadWatchedFile } from './download';
import type { NewFileSettings } from './settings';
import { readNewFileSettings } from './settings';
import type { WatchedFile } from './watchedFiles';
import { listWatchedFiles } from './watchedFiles';

/** Requests one poll may make (listings, then downloads) whatever n8n's time budget. */
const MAX_REQUESTS_PER_POLL = 1000;

interface NewFileState {
	/** Upload second and hashes of the newest files passed; absent while the folder was empty. */
	cursor?: Cursor;
}

/** The storage backend of the node's credential; the trigger reads only through it. */
function storageBackend(ctx: IPollFunctions, settings: NewFileSettings): StorageService {
	return storageServiceFor(ctx, () => settings.timeoutMs);
}

async function fileItem(
	ctx: IPollFunctions,
	backend: StorageService,
	settings: NewFileSettings,
	file: WatchedFile,
): Promise<INodeExecutionData | undefined> {
	const json: IDataObject = { ...file.entry, folder_hash: file.folderHash, folder_path: file.folderPath };
	if (!settings.binaryPropertyName) return { json };
	const binary = await downloadWatchedFile(ctx, backend, file);
	return binary ? { json, binary: { [settings.binaryPropertyName]: binary } } : undefined;
}

/** Fetch Test Event: the newest matching file, without touching the cursor. */
async function sample(
	ctx: IPollFunctions,
	backend: StorageService,
	settings: NewFileSettings,
	files: WatchedFile[],
): Promise<INodeExecutionData[][]> {
	const newestFirst = files.filter((file) => settings.accepts(file.name)).sort((a, b) => compareStamped(b, a));
	for (const file of newestFirst) {
		const item = await fileItem(ctx, backend, settings, file);
		if (item) return [[item]];
	}
	throw noSampleError(
		ctx,
		'No matching file in the watched folder yet',
		'Upload a file to the folder (or one of its watched subfolders) that passes the filters, then fetch a test event again.',
	);
}

/**
 * New File: lists the watched tree, emits the files uploaded after the cursor, oldest first,
 * up to the per-poll maximum and while n8n's poll budget allows the downloads, and moves the
 * cursor past exactly what it emitted or filtered out. The first poll after activation only
 * places the cursor behind everything that exists.
 */
export async function pollNewFile(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readNewFileSettings(this);
	return await closingAfter(storageBackend(this, settings), async (backend) => await pollWith(this, backend, settings));
}

async function pollWith(ctx: IPollFunctions, backend: StorageService, settings: NewFileSettings): Promise<INodeExecutionData[][] | null> {
	const budget = pollBudgetOf(ctx, MAX_REQUESTS_PER_POLL);
	const files = await listWatchedFiles(ctx, backend, settings.folderHash, settings.depth, budget);
	if (isManualPoll(ctx)) return await sample(ctx, backend, settings, files);

	const fingerprint = fingerprintOf({ event: 'newFile', folder: settings.folderHash, depth: settings.depth });
	const state = readPollState<NewFileState>(ctx, fingerprint);
	if (!state) {
		writePollState(ctx, fingerprint, { cursor: cursorAfterAll(files) } satisfies NewFileState);
		return null;
	}

	const items: INodeExecutionData[] = [];
	const passed: WatchedFile[] = [];
	for (const file of aheadOf(state.cursor, files)) {
		if (settings.accepts(file.name)) {
			if (items.length >= settings.maxFilesPerPoll) break;
			if (settings.binaryPropertyName && items.length > 0 && !budget.take()) break;
			const item = await fileItem(ctx, backend, settings, file);
			if (item) items.push(item);
		}
		passed.push(file);
	}
	writePollState(ctx, fingerprint, { cursor: advance(state.cursor, passed) } satisfies NewFileState);
	return pollOutput(items);
}
