/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { useTempRoot } from '../devkit/tempRoot';

export default function globalSetup(): void {
	// Node tests load the built package the way n8n does; `npm test` builds first (pretest).
	if (!existsSync(join(__dirname, '..', 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
	}
	useTempRoot();
}
