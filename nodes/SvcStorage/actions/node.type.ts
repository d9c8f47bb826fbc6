import type { INodeExecutionData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { StorageService } from '../../shared/services/storage/StorageService';

export interface StorageDeps {
	storage: StorageService;
}

export interface StorageOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: StorageDeps): Promise<INodeExecutionData[]>;
}

export type StorageResource = 'folder' | 'file' | 'esignature' | 'encryptionKey' | 'account';
