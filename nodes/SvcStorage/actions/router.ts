import type { IExecuteFunctions } from 'n8n-workflow';

import { STORAGE_UNAVAILABILITY } from '../../shared/adapters/availability';
import type { NodeActions } from '../../shared/execution/router';
import { apiOf } from '../../shared/services/authentication';
import { storageServiceFor } from '../../shared/services/serviceFor';
import * as account from './account';
import * as encryptionKey from './encryptionKey';
import * as esignature from './esignature';
import * as file from './file';
import * as folder from './folder';
import type { StorageDeps } from './node.type';

/** The Svc Storage node's operations by resource, over the storage service of its credential. */
export const storageActions: NodeActions<StorageDeps> = {
	resources: {
		account: account.operations,
		encryptionKey: encryptionKey.operations,
		esignature: esignature.operations,
		file: file.operations,
		folder: folder.operations,
	},
	apiOf: (ctx: IExecuteFunctions) => apiOf(ctx, 'svcStorageApi'),
	open(ctx, itemTimeout, records) {
		const storage = storageServiceFor(ctx, itemTimeout, records);
		return { deps: { storage }, close: async () => await storage.close() };
	},
	unavailability: STORAGE_UNAVAILABILITY,
};
