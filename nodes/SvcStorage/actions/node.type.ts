import type { INodeExecutionData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { StorageService } from '../../shared/services/storage/StorageService';

export interface StorageDeps {
	storage: StorageService;
}

/** What an operation runs for each item. */
export type StorageExecute = (this: IExecuteFunctions, itemIndex: number, deps: StorageDeps) => Promise<INodeExecutionData[]>;

export interface StorageOperation {
	description: INodeProperties[];
	execute: StorageExecute;
}

export type StorageResource = 'folder' | 'file' | 'esignature' | 'encryptionKey' | 'account';
