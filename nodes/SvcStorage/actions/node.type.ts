import type { Operation } from '../../shared/description/operation';
import type { StorageService } from '../../shared/services/storage/StorageService';

export interface StorageDeps {
	storage: StorageService;
}

export type StorageOperation = Operation<StorageDeps>;

/** What an operation runs for each item. */
export type StorageExecute = StorageOperation['execute'];
