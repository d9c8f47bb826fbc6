/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { rmSync } from 'node:fs';

// devkit/setupEnv.ts gives each test file its own throwaway N8N_USER_FOLDER; it goes when the file is done.
afterAll(() => {
	const folder = process.env.N8N_USER_FOLDER;
	if (folder?.includes('n8n-nodes-svc-test-')) rmSync(folder, { recursive: true, force: true });
});
