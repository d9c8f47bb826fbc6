import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { storageBackendFor } from '../../shared/backends/select';
import { browseStorage } from '../../shared/storageSearch';

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await browseStorage(storageBackendFor(this), 'folder', filter);
}

export async function searchFiles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await browseStorage(storageBackendFor(this), 'file', filter);
}
