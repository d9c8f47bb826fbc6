import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { authenticationOf, isMcp } from '../../shared/services/authentication';
import { unavailableOverMcp } from '../../shared/services/availability';
import { closingAfter, storageServiceFor } from '../../shared/services/serviceFor';
import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import { chosenOperation, itemPace, runPerItem } from '../../shared/runPerItem';
import * as account from './account';
import * as encryptionKey from './encryptionKey';
import * as esignature from './esignature';
import * as file from './file';
import * as folder from './folder';
import type { StorageDeps, StorageOperation, StorageResource } from './node.type';

const resources: Record<StorageResource, Record<string, unknown>> = {
	account,
	encryptionKey,
	esignature,
	file,
	folder,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { resource, operationName, operation } = chosenOperation<StorageOperation>(this, resources);
	const mcpOperations = (resources[resource as StorageResource] as { mcpOperations?: string[] }).mcpOperations ?? [];
	const overMcp = isMcp(authenticationOf(this, 'svcStorageApi'));
	if (overMcp && !mcpOperations.includes(operationName)) {
		throw unavailableOverMcp(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is`,
			'The hosted MCP connector never deletes, restores or changes sharing, and has no e-signature, encryption-key or account operations.',
			'Svc Storage API',
		);
	}
	const service = storageServiceFor(this, (itemIndex) => readTimeout(this, itemIndex, DEFAULT_TIMEOUT_MS));
	return await closingAfter(service, async (storage) => await runPerItem<StorageDeps>(this, operation.execute, { storage }, itemPace(this, operationName, overMcp)));
}
