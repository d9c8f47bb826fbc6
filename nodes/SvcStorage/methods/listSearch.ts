import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { storageServiceFor } from '../../shared/services/select';
import { browseStorage } from '../../shared/storageSearch';

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await browseStorage(storageServiceFor(this), 'folder', filter);
}

export async function searchFiles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await browseStorage(storageServiceFor(this), 'file', filter);
}
