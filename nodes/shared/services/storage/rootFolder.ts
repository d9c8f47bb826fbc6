import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

/** What ROOT does not allow (the storage API): rename_folder, delete_folder, upload_file. */
export type RootRefusal = 'rename' | 'delete' | 'upload';

const EXPLANATIONS: Record<RootRefusal, { message: string; description: string }> = {
	rename: {
		message: 'The ROOT folder cannot be renamed',
		description: "Svc does not allow renaming an account's ROOT folder. Choose a folder inside ROOT.",
	},
	delete: {
		message: 'The ROOT folder cannot be deleted',
		description:
			"Svc does not allow deleting an account's ROOT folder. Delete the folders and files inside it instead.",
	},
	upload: {
		message: 'Files cannot be uploaded directly into the ROOT folder',
		description:
			'Svc accepts uploads only into folders inside ROOT. Choose such a folder, or create one first (Folder > Create).',
	},
};

function isNotPermitted(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '405';
}

/**
 * The failure of an operation ROOT refuses, as the node throws it: when the service answered 405 and the folder is
 * the account's ROOT, an error that says so instead of the generic "not permitted". The ROOT hash is read only on
 * that failure, so successful calls cost nothing extra; the operation's promise is handed on with this as its
 * `catch`, so the request stands on no frame of it.
 */
export async function explainedRootRefusal(
	node: INode,
	refusal: RootRefusal,
	folderHash: string,
	rootFolderHash: () => Promise<string>,
	itemIndex: number,
	failure: unknown,
): Promise<never> {
	if (!isNotPermitted(failure) || (await rootFolderHash().catch(() => undefined)) !== folderHash) throw failure;
	throw new NodeOperationError(node, EXPLANATIONS[refusal].message, {
		itemIndex,
		description: EXPLANATIONS[refusal].description,
	});
}
