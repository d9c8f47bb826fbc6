import type { ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { closingAfter, storageServiceFor } from '../../shared/services/serviceFor';
import { browseStorage } from '../../shared/services/storage/browse';

export async function searchFolders(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await closingAfter(storageServiceFor(this), async (storage) => await browseStorage(storage, 'folder', filter));
}
