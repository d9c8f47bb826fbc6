import type { INodeExecutionData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { StorageBackend } from '../../shared/backends/storage/StorageBackend';

export interface StorageDeps {
	backend: StorageBackend;
}

export interface StorageOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: StorageDeps): Promise<INodeExecutionData[]>;
}

export type StorageResource = 'folder' | 'file' | 'esignature' | 'encryptionKey' | 'account';
