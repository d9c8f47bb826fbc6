import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { Api } from './adapter';

/** Per node: why its MCP connection lacks some operations, and the REST credential that has them. */
export interface Unavailability {
	whyNotOverMcp: string;
	restCredential: string;
}

/**
 * The one refusal of an operation the chosen API does not run (what runs where is each
 * operation's `runsOver`): it names the operation (`subject`), why, and the credential that has it.
 */
export function unavailable(
	node: INode,
	subject: string,
	api: Api,
	why: Unavailability | undefined,
	itemIndex?: number,
): NodeOperationError {
	if (api === 'mcp') {
		return new NodeOperationError(node, `${subject} is not available over Svc's MCP endpoint`, {
			itemIndex,
			description: why ? `${why.whyNotOverMcp} Set Authentication to ${why.restCredential} for this.` : undefined,
		});
	}
	return new NodeOperationError(node, `${subject} needs an MCP credential`, {
		itemIndex,
		description:
			"Only Svc's MCP endpoint offers this operation. Set Authentication to Svc MCP API Key or Svc MCP OAuth2.",
	});
}

export const STORAGE_UNAVAILABILITY: Unavailability = {
	whyNotOverMcp:
		'The hosted MCP connector never deletes, restores or changes sharing, and has no e-signature, ' +
		'encryption-key or account operations.',
	restCredential: 'Svc Storage API',
};

export const DVS_UNAVAILABILITY: Unavailability = {
	whyNotOverMcp: "The MCP endpoint's DVS tools cover tasks (with comments and attachments), projects and users only.",
	restCredential: 'Svc DVS API',
};
