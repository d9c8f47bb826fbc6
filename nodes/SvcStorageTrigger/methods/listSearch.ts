import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { RestStorageBackend } from '../../shared/backends/storage/RestStorageBackend';
import { browseStorage } from '../../shared/storageSearch';

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await browseStorage(new RestStorageBackend(this), 'folder', filter);
}
