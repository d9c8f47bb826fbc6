import { existsSync } from 'node:fs';
import { join } from 'node:path';

export default function globalSetup(): void {
	// Node tests load the built package the way n8n does; `npm test` builds first (pretest).
	if (!existsSync(join(__dirname, '..', 'dist', 'nodes'))) {
		throw new Error('dist/ is missing: run `npm run build` (npm test does it for you)');
	}
}
