/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { ensureN8n } from '../../devkit/n8n/runtime';
import { useTempRoot } from '../../devkit/tempRoot';

export default function globalSetup(): void {
	if (!existsSync(join(__dirname, '..', '..', 'dist', 'nodes')))
		throw new Error('dist/ is missing: run `npm run build` (npm run test:e2e does it for you)');
	if (!process.version.startsWith('v24'))
		throw new Error(`the e2e tests run under the project's Node 24 (npm run test:e2e), not ${process.version}`);
	ensureN8n();
	useTempRoot();
}
