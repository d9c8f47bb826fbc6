import type { IDataObject } from 'n8n-workflow';

import { asObject } from '../../transport/storageApi';
import { entryName, entrySize } from './entryFields';

/*
 * The storage REST API's answers as an operation outputs them, where the answer is not the output as it comes: a
 * listing's entries, and a write found by reading back (its info) in the fields the write's answer has.
 */

/** The entries of a folder listing (an array, or one under `items`, `content` or `data`). */
export function listedEntries(value: unknown): IDataObject[] {
	if (Array.isArray(value)) return value.filter((entry) => entry && typeof entry === 'object') as IDataObject[];
	const object = asObject(value);
	for (const key of ['items', 'content', 'data']) {
		if (Array.isArray(object[key])) return listedEntries(object[key]);
	}
	return [];
}

/** A folder our create made, from its info: the create's answer fields (the storage API's create_folder). */
export function createdFolderFromInfo(folderHash: string, info: IDataObject): IDataObject {
	return {
		folder_hash: folderHash,
		folder_name: entryName(info),
		...(info.folder_edit_key ? { folder_edit_key: info.folder_edit_key } : {}),
		...(info.folder_upload_key ? { folder_upload_key: info.folder_upload_key } : {}),
		...(info.access_type !== undefined ? { access_type: info.access_type } : {}),
	};
}

/** A file our upload or import made, from its info: the upload's answer fields (the storage API's upload_file). */
export function uploadedFileFromInfo(fileHash: string, folderHash: string, info: IDataObject): IDataObject {
	return {
		file_hash: fileHash,
		file_name: entryName(info),
		...(info.file_delete_key ? { file_delete_key: info.file_delete_key } : {}),
		...(info.timestamp_uploaded !== undefined ? { timestamp_uploaded: info.timestamp_uploaded } : {}),
		...(info.timestamp_last_modified !== undefined ? { timestamp_last_modified: info.timestamp_last_modified } : {}),
		folder_hash: folderHash,
		...(entrySize(info) !== undefined ? { size: entrySize(info) } : {}),
	};
}
