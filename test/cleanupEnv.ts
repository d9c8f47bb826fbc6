import { rmSync } from 'node:fs';

// setupEnv.ts gives each test file its own throwaway N8N_USER_FOLDER; it goes when the file is done.
afterAll(() => {
	const folder = process.env.N8N_USER_FOLDER;
	if (folder?.includes('n8n-nodes-svc-test-')) rmSync(folder, { recursive: true, force: true });
});
