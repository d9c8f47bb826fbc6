import type { SimRequest } from '../types';

/** error_code values of upload_document_file's `200 success:false` answer (named like the MCP codes). */
export type AttachmentErrorCode = 'file_too_large' | 'quota_exceeded' | 'virus_detected';

export type AddFileResult =
	| { ok: true; fileHash: string; fileName: string }
	| { ok: false; errorCode: AttachmentErrorCode; errorMessage: string };

/**
 * What the DVS simulator needs from storage for task attachments. The storage side owns
 * names, sizes, quota and virus scanning; the DVS side only relays the outcome.
 * Every method may answer synchronously or with a promise.
 */
export interface AttachmentPort {
	/** Creates the task's attachment folder in the owner's account, or returns the existing one. */
	ensureTaskFolder(ownerAccountId: number, taskId: number): { uploadHash: string } | Promise<{ uploadHash: string }>;
	/**
	 * Saves a new file. An existing name is never replaced: the new file gets a numbered
	 * name (`a.pdf` becomes `a (1).pdf`). Save failures are results, not exceptions.
	 */
	addFile(
		uploadHash: string,
		fileName: string,
		content: Buffer,
		mimeType: string,
		uploaderId: number,
	): AddFileResult | Promise<AddFileResult>;
	/** Names of the (not deleted) files in the folder. */
	listNames(uploadHash: string): string[] | Promise<string[]>;
	/** Whether the account may open the folder (decides get_document's upload_hash). */
	canView(accountId: number, uploadHash: string): boolean | Promise<boolean>;
}

export interface MultipartFile {
	field: string;
	fileName: string;
	mimeType: string;
	content: Buffer;
}

export interface ParsedMultipart {
	fields: Record<string, string>;
	files: MultipartFile[];
}

export type MultipartParser = (req: SimRequest) => Promise<ParsedMultipart>;
