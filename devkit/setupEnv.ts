/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { throwawayFolder } from './tempRoot';

// n8n-core writes its config (an encryption key) under N8N_USER_FOLDER on first use:
// keep every test's engine state in a throwaway folder, never in the home folder. Under jest
// test/cleanupEnv.ts removes it when the test file is done; a script (bench, soak) removes it at exit.
if (!process.env.N8N_USER_FOLDER?.includes('n8n-nodes-svc-test-')) {
	process.env.N8N_USER_FOLDER =
		process.env.JEST_WORKER_ID === undefined
			? throwawayFolder('n8n-nodes-svc-test-')
			: mkdtempSync(join(tmpdir(), 'n8n-nodes-svc-test-'));
}
process.env.N8N_ENCRYPTION_KEY ??= 'test-encryption-key-not-a-secret';
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
