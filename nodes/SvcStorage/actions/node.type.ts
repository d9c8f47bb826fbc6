import type { INodeExecutionData, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { McpStorageExtras } from '../../shared/backends/storage/McpStorageBackend';
import type { StorageBackend } from '../../shared/backends/storage/StorageBackend';

export interface StorageDeps {
	backend: StorageBackend;
	/** Search, Import From URL and Move Folder: only the MCP endpoint has them (with REST they say so). */
	mcp: McpStorageExtras;
}

export interface StorageOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: StorageDeps): Promise<INodeExecutionData[]>;
}

export type StorageResource = 'folder' | 'file' | 'esignature' | 'encryptionKey' | 'account';
