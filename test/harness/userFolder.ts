import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * For a script that runs the engine outside jest: n8n-core's state (an encryption key, binary
 * data) goes to a throwaway folder, removed by the returned function.
 */
export function temporaryUserFolder(): () => void {
	const folder = mkdtempSync(join(tmpdir(), 'n8n-nodes-svc-run-'));
	process.env.N8N_USER_FOLDER = folder;
	process.env.N8N_ENCRYPTION_KEY ??= 'test-encryption-key-not-a-secret';
	process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
	return () => rmSync(folder, { recursive: true, force: true });
}
