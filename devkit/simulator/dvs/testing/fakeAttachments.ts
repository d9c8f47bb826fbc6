import { createHash } from 'node:crypto';
import type { AddFileResult, AttachmentPort } from '../ports';

export const EICAR_SIGNATURE = 'EICAR-STANDARD-ANTIVIRUS-TEST-FILE';

export interface FakeFile {
	fileHash: string;
	fileName: string;
	content: Buffer;
	mimeType: string;
	uploaderId: number;
}

export interface FakeFolder {
	uploadHash: string;
	ownerAccountId: number;
	taskId: number;
	files: FakeFile[];
}

/** `a.pdf`, `a (1).pdf`, `a (2).pdf`, ... the first one not taken. */
export function numberedName(name: string, taken: Set<string>): string {
	if (!taken.has(name)) return name;
	const dot = name.lastIndexOf('.');
	const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
	for (let n = 1; ; n++) {
		const candidate = `${stem} (${n})${ext}`;
		if (!taken.has(candidate)) return candidate;
	}
}

/**
 * In-memory stand-in for the storage side of task attachments. Limits are plain fields
 * so a test can provoke each save failure on purpose.
 */
export class FakeAttachmentPort implements AttachmentPort {
	maxFileBytes = 5 * 1024 * 1024;

	quotaBytes = 50 * 1024 * 1024;

	readonly folders = new Map<string, FakeFolder>();

	/** How many folders ensureTaskFolder created (not merely returned). */
	foldersCreated = 0;

	private readonly hidden = new Set<string>();

	private counter = 0;

	ensureTaskFolder(ownerAccountId: number, taskId: number): { uploadHash: string } {
		for (const folder of this.folders.values()) {
			if (folder.ownerAccountId === ownerAccountId && folder.taskId === taskId)
				return { uploadHash: folder.uploadHash };
		}
		const uploadHash = this.hash(`folder:${ownerAccountId}:${taskId}`);
		this.folders.set(uploadHash, { uploadHash, ownerAccountId, taskId, files: [] });
		this.foldersCreated++;
		return { uploadHash };
	}

	addFile(uploadHash: string, fileName: string, content: Buffer, mimeType: string, uploaderId: number): AddFileResult {
		const folder = this.folders.get(uploadHash);
		if (!folder) throw new Error(`unknown folder ${uploadHash}`);
		if (content.length > this.maxFileBytes) {
			return { ok: false, errorCode: 'file_too_large', errorMessage: `The file exceeds ${this.maxFileBytes} bytes.` };
		}
		if (this.usedBytes() + content.length > this.quotaBytes) {
			return { ok: false, errorCode: 'quota_exceeded', errorMessage: 'The storage quota is exceeded.' };
		}
		if (content.includes(EICAR_SIGNATURE)) {
			return { ok: false, errorCode: 'virus_detected', errorMessage: 'A virus was detected in the file.' };
		}
		const finalName = numberedName(fileName, new Set(folder.files.map((f) => f.fileName)));
		const fileHash = this.hash(`file:${uploadHash}:${finalName}`);
		folder.files.push({ fileHash, fileName: finalName, content: Buffer.from(content), mimeType, uploaderId });
		return { ok: true, fileHash, fileName: finalName };
	}

	listNames(uploadHash: string): string[] {
		return this.folders.get(uploadHash)?.files.map((f) => f.fileName) ?? [];
	}

	canView(accountId: number, uploadHash: string): boolean {
		return this.folders.has(uploadHash) && !this.hidden.has(`${accountId}:${uploadHash}`);
	}

	/** Makes the folder unviewable for one account (get_document then shows upload_hash null). */
	hideFrom(accountId: number, uploadHash: string): void {
		this.hidden.add(`${accountId}:${uploadHash}`);
	}

	usedBytes(): number {
		let total = 0;
		for (const folder of this.folders.values()) for (const file of folder.files) total += file.content.length;
		return total;
	}

	private hash(seed: string): string {
		return createHash('sha256')
			.update(`${seed}:${this.counter++}`)
			.digest('hex')
			.slice(0, 8 + (this.counter % 9));
	}
}
