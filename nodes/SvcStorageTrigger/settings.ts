import type { IPollFunctions } from 'n8n-workflow';

import { readEntryReference } from '../shared/execution/entryReference';
import { readInteger, readText, readTimeout } from '../shared/execution/parameters';
import { DEFAULT_MAX_ITEMS_PER_POLL } from '../shared/description/common.descriptions';
import { DEFAULT_DOWNLOAD_RETRIES, MAX_SUBFOLDER_DEPTH } from './description';
import type { NameFilter } from './nameFilter';
import { nameFilter, parseExtensions } from './nameFilter';

export type StorageTriggerEvent = 'newFile' | 'fileUpdated' | 'newFolder';

export interface StorageTriggerSettings {
	event: StorageTriggerEvent;
	folderHash: string;
	depth: number;
	accepts: NameFilter;
	/** The binary field to download each file into; undefined when files are not downloaded (and for folders). */
	binaryPropertyName?: string;
	/** A file that cannot be downloaded: emitted with `download_error` at once, or after this many polls that tried. */
	downloadAttempts: number;
	maxItemsPerPoll: number;
	timeoutMs: number;
}

/** The node's parameters, checked before any request. */
export function readStorageTriggerSettings(ctx: IPollFunctions): StorageTriggerSettings {
	const event = ctx.getNodeParameter('event', 'newFile') as StorageTriggerEvent;
	// A poll's parameters have no item: the item index the shared readers take is 0.
	const folderHash = readEntryReference(ctx, { name: 'folder', label: 'Folder' }, 0);
	const depth = readInteger(ctx, 'subfolderDepth', 0, 'Subfolder Depth', {
		min: 0,
		max: MAX_SUBFOLDER_DEPTH,
		fallback: 0,
	});
	const download = event !== 'newFolder' && ctx.getNodeParameter('download', false) === true;
	const binaryPropertyName = download
		? readText(ctx, 'binaryPropertyName', 0, 'Put File in Field', { required: true, fallback: 'data' })
		: undefined;
	const onFailure = download ? (ctx.getNodeParameter('options.onDownloadError', 'emit') as string) : 'emit';
	return {
		event,
		folderHash,
		depth,
		accepts: nameFilter(
			readText(ctx, 'filters.namePattern', 0, 'Name Pattern'),
			event === 'newFolder' ? [] : parseExtensions(readText(ctx, 'filters.extensions', 0, 'Extensions')),
		),
		binaryPropertyName,
		downloadAttempts:
			onFailure === 'retry'
				? readInteger(ctx, 'options.downloadAttempts', 0, 'Download Attempts', {
						min: 1,
						max: 100,
						fallback: DEFAULT_DOWNLOAD_RETRIES,
					})
				: 1,
		maxItemsPerPoll: readInteger(ctx, 'options.maxFilesPerPoll', 0, 'Max Items per Poll', {
			min: 1,
			max: 1000,
			fallback: DEFAULT_MAX_ITEMS_PER_POLL,
		}),
		timeoutMs: readTimeout(ctx, 0),
	};
}
