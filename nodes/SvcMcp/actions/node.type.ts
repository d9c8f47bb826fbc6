import type { Operation } from '../../shared/description/operation';
import type { McpService } from '../../shared/services/mcp/McpService';

export interface McpDeps {
	/** One service per execution: one revision negotiation, tools/list at most once. */
	mcp: McpService;
}

export type McpOperation = Operation<McpDeps>;
