// Runs n8n's community-package verification scan (the check n8n applies before an owner can
// install a package from the nodes panel) on exactly what `npm pack` would publish (the build `npm test` ran
// first, so packing does not build again).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { analyzePackage } from '@n8n/scan-community-package/scanner/scanner.mjs';

const work = mkdtempSync(join(tmpdir(), 'n8n-nodes-svc-scan-'));
try {
	execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
	execFileSync('tar', ['xzf', join(work, tarball), '-C', work]);
	const result = await analyzePackage(join(work, 'package'));
	if (!result.passed) {
		console.error(`n8n community-package scan failed: ${result.message}`);
		if (result.details) console.error(result.details);
		process.exitCode = 1;
	} else {
		console.log(`n8n community-package scan passed (${tarball})`);
	}
} finally {
	rmSync(work, { recursive: true, force: true });
}
