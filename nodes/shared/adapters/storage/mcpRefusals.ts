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
