import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Where an operation is refused because the chosen adapter lacks it: one rule and one wording for
 * every node. What each adapter offers is the node's data (its MCP operation lists, the MCP
 * registers); this says no, naming what is missing, why, and the credential that has it.
 */
export function unavailableOverMcp(node: INode, what: string, why: string, restCredential: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, `${what} not available over Svc's MCP endpoint`, {
		itemIndex,
		description: `${why} Set Authentication to ${restCredential} for this.`,
	});
}

/** The mirror case: an operation only Svc's MCP endpoint offers, run with a REST credential. */
export function mcpOnlyOperation(node: INode, what: string, itemIndex?: number): NodeOperationError {
	return new NodeOperationError(node, `${what} needs an MCP credential`, {
		itemIndex,
		description: "Only Svc's MCP endpoint offers this operation. Set Authentication to Svc MCP API Key or Svc MCP OAuth2.",
	});
}
