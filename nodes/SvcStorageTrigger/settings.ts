import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MS } from '../shared/descriptions';
import { DEFAULT_MAX_FILES_PER_POLL, MAX_SUBFOLDER_DEPTH } from './description';
import type { NameFilter } from './nameFilter';
import { nameFilter, parseExtensions } from './nameFilter';

export interface NewFileSettings {
	folderHash: string;
	depth: number;
	accepts: NameFilter;
	/** The binary field to download each file into; undefined when files are not downloaded. */
	binaryPropertyName?: string;
	maxFilesPerPoll: number;
	timeoutMs: number;
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
}

function wholeNumber(value: unknown, fallback: number): number {
	const number = Number(value);
	return Number.isFinite(number) ? Math.floor(number) : fallback;
}

/** The node's parameters, checked before any request. */
export function readNewFileSettings(ctx: IPollFunctions): NewFileSettings {
	const node = ctx.getNode();
	const folderHash = text(ctx.getNodeParameter('folder', '', { extractValue: true }));
	if (!folderHash) {
		throw new NodeOperationError(node, 'The parameter "Folder" is empty', {
			description: 'Choose the folder to watch from the list or enter its hash.',
		});
	}
	const depth = wholeNumber(ctx.getNodeParameter('subfolderDepth', 0), 0);
	if (depth < 0 || depth > MAX_SUBFOLDER_DEPTH) {
		throw new NodeOperationError(node, `The parameter "Subfolder Depth" is out of range (${depth})`, {
			description: `It must be 0 to ${MAX_SUBFOLDER_DEPTH}.`,
		});
	}
	const download = ctx.getNodeParameter('download', false) === true;
	const binaryPropertyName = download ? text(ctx.getNodeParameter('binaryPropertyName', 'data')) : undefined;
	if (download && !binaryPropertyName) {
		throw new NodeOperationError(node, 'The parameter "Put File in Field" is empty', {
			description: 'Enter the name of the binary field to put each file in, such as "data".',
		});
	}
	const maxFilesPerPoll = wholeNumber(ctx.getNodeParameter('options.maxFilesPerPoll', DEFAULT_MAX_FILES_PER_POLL), DEFAULT_MAX_FILES_PER_POLL);
	if (maxFilesPerPoll < 1) {
		throw new NodeOperationError(node, `The option "Max Files per Poll" is out of range (${maxFilesPerPoll})`, {
			description: 'It must be at least 1.',
		});
	}
	const timeout = Number(ctx.getNodeParameter('options.timeout', DEFAULT_TIMEOUT_MS));
	return {
		folderHash,
		depth,
		accepts: nameFilter(
			text(ctx.getNodeParameter('filters.namePattern', '')),
			parseExtensions(text(ctx.getNodeParameter('filters.extensions', ''))),
		),
		binaryPropertyName,
		maxFilesPerPoll,
		timeoutMs: Number.isFinite(timeout) && timeout > 0 ? timeout : DEFAULT_TIMEOUT_MS,
	};
}
