import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { NewFolder, UploadOptions } from './port';

/** What the MCP endpoint's storage tools cannot do, refused before anything is sent. */

/** svc_create_folder needs a name and requests PRIVATE access (the MCP endpoint's rule 2). */
export function refuseFolderOverMcp(node: INode, input: NewFolder, itemIndex: number): void {
	if (!input.name?.trim()) {
		throw new NodeOperationError(node, 'The parameter "Folder Name" is empty', {
			itemIndex,
			description:
				"Svc's MCP endpoint needs a name for a new folder (only the Svc Storage API credential picks a random one).",
		});
	}
	if (input.accessType && input.accessType !== 'PRIVATE') {
		throw new NodeOperationError(
			node,
			`The access type ${input.accessType} cannot be requested over Svc's MCP endpoint`,
			{
				itemIndex,
				description:
					"Folders created over MCP request PRIVATE access (the folder's settings may override it). " +
					'Use the Svc Storage API credential to create LINK folders.',
			},
		);
	}
}

/** Upload keys and watermarks belong to the storage REST API. */
export function refuseUploadOptionsOverMcp(node: INode, options: UploadOptions, itemIndex: number): void {
	const restOnly = [
		options.folderUploadKey ? 'Folder Upload Key' : '',
		options.watermarkText ? 'Watermark Text' : '',
	].filter(Boolean);
	if (restOnly.length === 0) return;
	throw new NodeOperationError(node, `The option "${restOnly[0]}" is not available over Svc's MCP endpoint`, {
		itemIndex,
		description:
			'Upload keys and watermarks belong to the storage REST API. Use the Svc Storage API credential, ' +
			'or remove the option.',
	});
}

/** ROOT is never renamed or moved (the storage API refuses it with 405; over MCP it is refused before sending). */
export function refuseRootOverMcp(
	node: INode,
	folderHash: string,
	rootHash: string | undefined,
	what: 'renamed' | 'moved',
	itemIndex: number,
): void {
	if (rootHash === undefined || folderHash !== rootHash) return;
	throw new NodeOperationError(node, `The ROOT folder cannot be ${what}`, {
		itemIndex,
		description: 'Svc does not allow that. Choose a folder inside ROOT.',
	});
}

/** svc_upload_file sends the file inline: at most 10 MiB (the MCP endpoint's limits). */
export function refuseTooLargeOverMcp(node: INode, size: string, itemIndex: number): never {
	throw new NodeOperationError(node, `The file is too large for Svc's MCP endpoint (${size}; the limit is 10 MiB)`, {
		itemIndex,
		description:
			'The MCP endpoint accepts uploads of at most 10 MiB (sent inline). Use the Svc Storage API ' +
			'credential for larger files, or Import From URL when the file is at a public HTTPS address.',
	});
}
