import { folderCreationLimited } from '../v2/folders';
import { ownedFolder } from '../access';
import { requireCaller } from '../auth';
import { getOnly, type StorageActions } from '../context';
import { isResponse, ok } from '../http';
import { QUOTA_MB } from '../plans';

const BYTES_PER_MB = 1024 * 1024;

function roundMb(value: number): number {
	return Math.round(value * 100) / 100;
}

/** Document 1's account scripts. */
export const accountScripts: StorageActions = {
	/** get_storage_data.php: usage in megabytes (1 MB = 1 MiB), two decimals; available_mb and free_mb are the same value. */
	get_storage_data: getOnly((call) => {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const usedMb = roundMb(call.services.storage.accountUsage(caller.account.id) / BYTES_PER_MB);
		const quotaMb = QUOTA_MB[caller.account.plan];
		const freeMb = roundMb(Math.max(0, quotaMb - usedMb));
		return ok({
			success: true,
			message: null,
			data: { used_mb: usedMb, quota_mb: String(quotaMb), available_mb: String(freeMb), free_mb: freeMb },
		});
	}),

	/** get_upload_id.php, V1 create folder: folder_name, parent_hash (default ROOT); shares create_folder's rate limit. */
	get_upload_id(call) {
		const caller = requireCaller(call);
		if (isResponse(caller)) return caller;
		const { storage } = call.services;
		const limited = folderCreationLimited(call, caller.account.id);
		if (limited) return limited;
		const parent = ownedFolder(
			storage,
			caller.account,
			call.params.text('parent_hash') ?? caller.account.rootFolderHash,
			405,
		);
		if (isResponse(parent)) return parent;
		const folder = storage.createFolder(caller.account.id, parent.hash, call.params.get('folder_name'), 'PRIVATE');
		return ok({
			success: true,
			upload_id: folder.hash,
			folder_hash: folder.hash,
			folder_name: folder.name,
			folder_edit_key: folder.editKey,
			folder_upload_key: folder.uploadKey,
		});
	},
};
