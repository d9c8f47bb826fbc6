/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; it reads service answers of every shape */
import { resolve } from 'node:path';

import type { CredentialsMap, HarnessInputItem } from '../../../devkit/harness';
import { runNode } from '../../../devkit/harness';

export const PROBE_ROOT = resolve(__dirname, 'pkg');

export type Step =
	| { op: 'callTool'; suffix: string; args?: Record<string, unknown>; write?: boolean; timeoutMs?: number }
	| { op: 'callToolNamed'; name: string; args?: Record<string, unknown>; write?: boolean }
	| { op: 'hasTool'; suffix: string }
	| { op: 'listTools' }
	| { op: 'request'; method: string; params?: Record<string, unknown> };

export interface StepResult {
	op: string;
	ok: boolean;
	result?: any;
	revision?: string | null;
	message?: string;
	description?: string | null;
	httpCode?: string | null;
	code?: string | null;
	uncertain?: boolean;
}

/** Runs the steps once per input item through one McpClient, in the real engine. */
export async function probe(
	credentials: CredentialsMap,
	steps: Step[],
	options: { revision?: string; credentialType?: string; input?: HarnessInputItem[] } = {},
): Promise<StepResult[]> {
	const result = await runNode({
		type: 'mcpClientProbe',
		root: PROBE_ROOT,
		parameters: {
			credentialType: options.credentialType ?? 'svcMcpApi',
			revision: options.revision ?? '',
			steps: JSON.stringify(steps),
		},
		credentials,
		input: options.input,
	});
	if (result.error) throw new Error(`probe failed: ${result.error.message}`);
	return result.items.map((item) => item.json as unknown as StepResult);
}
