import type { AccountStore } from './accounts';
import type { AddFileResult, AttachmentPort, MultipartParser } from './dvs';
import { multipartBoundary, parseMultipart } from './multipart';
import type { StorageLimits } from './storage/context';
import { QUOTA_MB } from './storage/plans';
import type { StorageStore } from './storage/store';
import { containsVirus } from './storage/uploadPolicy';

const MIB = 1024 * 1024;

/**
 * DVS task attachments as real storage folders: one folder per task in the organization's
 * attachment owner's account, readable by every member of that organization, so that
 * `get_folder_content` with a task's upload_hash lists its files (document 3).
 */
export class StorageAttachments implements AttachmentPort {
	private readonly taskFolders = new Map<number, string>();

	constructor(
		private readonly storage: StorageStore,
		private readonly accounts: AccountStore,
		private readonly limits: StorageLimits,
	) {}

	ensureTaskFolder(ownerAccountId: number, taskId: number): { uploadHash: string } {
		const existing = this.taskFolders.get(taskId);
		if (existing && this.storage.getFolder(existing)) return { uploadHash: existing };
		const owner = this.accounts.get(ownerAccountId);
		if (!owner) throw new Error(`attachment owner ${ownerAccountId} does not exist`);
		const root = this.storage.createRootFolder(owner);
		const folder = this.storage.createFolder(ownerAccountId, root.hash, `Task ${taskId} attachments`);
		const orgId = owner.orgId;
		this.storage.grantRead(
			folder.hash,
			(accountId) => orgId !== undefined && this.accounts.get(accountId)?.orgId === orgId,
		);
		this.taskFolders.set(taskId, folder.hash);
		return { uploadHash: folder.hash };
	}

	addFile(uploadHash: string, fileName: string, content: Buffer, mimeType: string, uploaderId: number): AddFileResult {
		const folder = this.storage.getFolder(uploadHash);
		if (!folder) throw new Error(`attachment folder ${uploadHash} does not exist`);
		if (content.length > this.limits.maxFileBytes) {
			return { ok: false, errorCode: 'file_too_large', errorMessage: 'The file is larger than the file size limit.' };
		}
		const owner = this.accounts.get(folder.ownerId);
		const quotaBytes = owner ? QUOTA_MB[owner.plan] * MIB : Number.POSITIVE_INFINITY;
		if (this.storage.accountUsage(folder.ownerId) + content.length > quotaBytes) {
			return { ok: false, errorCode: 'quota_exceeded', errorMessage: 'The storage quota is used up.' };
		}
		if (containsVirus(content)) {
			return { ok: false, errorCode: 'virus_detected', errorMessage: 'A virus was detected in the file.' };
		}
		const file = this.storage.addFile(uploaderId, uploadHash, fileName, content, { mimeType, onConflict: 'rename' });
		return { ok: true, fileHash: file.hash, fileName: file.name };
	}

	listNames(uploadHash: string): string[] {
		return this.storage
			.listChildren(uploadHash)
			.filter((item) => item.type === 'file')
			.map((item) => item.name);
	}

	canView(accountId: number, uploadHash: string): boolean {
		const folder = this.storage.getFolder(uploadHash);
		return folder !== undefined && this.storage.canRead(accountId, folder);
	}
}

/** The DVS upload's multipart body, read with the storage simulator's streaming parser. */
export function dvsMultipartParser(limits: StorageLimits): MultipartParser {
	return async (req) => {
		const boundary = multipartBoundary(String(req.headers['content-type'] ?? ''));
		if (!boundary || !req.bodyStream) return { fields: {}, files: [] };
		const parsed = await parseMultipart(req.bodyStream, boundary, { maxFileBytes: limits.maxFileBytes });
		return {
			fields: Object.fromEntries(parsed.fields),
			files: parsed.files.map((file) => ({
				field: file.fieldName,
				fileName: file.fileName,
				mimeType: file.contentType,
				content: file.content,
			})),
		};
	};
}
