import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../shared/descriptions';
import { wholeNumberProblem } from '../shared/parameters';
import { DEFAULT_DOWNLOAD_RETRIES, DEFAULT_MAX_FILES_PER_POLL, MAX_SUBFOLDER_DEPTH } from './description';
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

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
}

function refuse(ctx: IPollFunctions, message: string, description: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { description });
}

function wholeNumber(ctx: IPollFunctions, name: string, label: string, fallback: number, min: number, max: number): number {
	const raw = ctx.getNodeParameter(name, fallback);
	const problem = wholeNumberProblem(raw, label, { min, max });
	if (problem) refuse(ctx, problem.message, problem.description);
	return Number(raw);
}

/** The node's parameters, checked before any request. */
export function readStorageTriggerSettings(ctx: IPollFunctions): StorageTriggerSettings {
	const event = ctx.getNodeParameter('event', 'newFile') as StorageTriggerEvent;
	const folderHash = text(ctx.getNodeParameter('folder', '', { extractValue: true }));
	if (!folderHash) refuse(ctx, 'The parameter "Folder" is empty', 'Choose the folder to watch from the list or enter its hash.');
	const depth = wholeNumber(ctx, 'subfolderDepth', 'Subfolder Depth', 0, 0, MAX_SUBFOLDER_DEPTH);
	const download = event !== 'newFolder' && ctx.getNodeParameter('download', false) === true;
	const binaryPropertyName = download ? text(ctx.getNodeParameter('binaryPropertyName', 'data')) : undefined;
	if (download && !binaryPropertyName) refuse(ctx, 'The parameter "Put File in Field" is empty', 'Enter the name of the binary field to put each file in, such as "data".');
	const onFailure = download ? (ctx.getNodeParameter('options.onDownloadError', 'emit') as string) : 'emit';
	const timeout = Number(ctx.getNodeParameter('options.timeout', DEFAULT_TIMEOUT_MS));
	return {
		event,
		folderHash,
		depth,
		accepts: nameFilter(text(ctx.getNodeParameter('filters.namePattern', '')), event === 'newFolder' ? [] : parseExtensions(text(ctx.getNodeParameter('filters.extensions', '')))),
		binaryPropertyName,
		downloadAttempts: onFailure === 'retry' ? wholeNumber(ctx, 'options.downloadAttempts', 'Download Attempts', DEFAULT_DOWNLOAD_RETRIES, 1, 100) : 1,
		maxItemsPerPoll: wholeNumber(ctx, 'options.maxFilesPerPoll', 'Max Items per Poll', DEFAULT_MAX_FILES_PER_POLL, 1, 1000),
		timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
	};
}
