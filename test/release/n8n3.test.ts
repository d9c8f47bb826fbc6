/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Ready for n8n 3.0 on paper: the nodes-API level package.json declares is one n8n-workflow accepts (n8n checks
 * it at install and start-up with `checkNodesApiVersion`), and nothing relies on the in-memory `default` binary
 * mode 3.0 removes: the nodes read and write file content through n8n's binary helpers, which serve every mode.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import * as workflow from 'n8n-workflow';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	n8n: { n8nNodesApiVersion: unknown };
};

function sources(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sources(path);
		return path.endsWith('.ts') ? [path] : [];
	});
}

describe('the nodes-API level', () => {
	it('is declared as a whole number', () => {
		expect(Number.isInteger(manifest.n8n.n8nNodesApiVersion)).toBe(true);
	});

	it('is one the n8n-workflow the package is built against accepts, and no newer than it offers', () => {
		const { N8N_NODES_API_VERSION, checkNodesApiVersion } = workflow as unknown as {
			N8N_NODES_API_VERSION: number;
			checkNodesApiVersion: (pkg: unknown) => { compatible: boolean; version?: number };
		};
		expect(typeof N8N_NODES_API_VERSION).toBe('number');
		expect(checkNodesApiVersion(manifest)).toEqual({ compatible: true, version: manifest.n8n.n8nNodesApiVersion });
		expect(manifest.n8n.n8nNodesApiVersion).toBeLessThanOrEqual(N8N_NODES_API_VERSION);
	});
});

describe('binary data modes', () => {
	it("reads a binary's inline base64 only where n8n 1.x's in-memory mode is told apart from the stores", () => {
		const inline = sources(join(ROOT, 'nodes'))
			.concat(sources(join(ROOT, 'credentials')))
			.flatMap((path) =>
				readFileSync(path, 'utf8')
					.split('\n')
					.map((line, index) => ({ at: `${relative(ROOT, path)}:${index + 1}`, line }))
					.filter(({ line }) => /\b[bB]inary\w*\.data\b|\.binary\[[^\]]*\]\.data\b/.test(line)),
			)
			.map(({ at }) => at.replace(/:\d+$/, ''));
		// storedByteCount: 2.x counts the bytes, a 1.x store keeps them in its metadata, only 1.x's `default` holds them inline.
		expect(inline).toEqual(['nodes/shared/execution/platform.ts']);
	});

	it('never names a binary data mode in code that decides something', () => {
		const modeChecks = sources(join(ROOT, 'nodes')).filter((path) =>
			/binaryDataMode|BinaryDataConfig|N8N_DEFAULT_BINARY_DATA_MODE\s*[=!]==/.test(readFileSync(path, 'utf8')),
		);
		expect(modeChecks).toEqual([]);
	});
});
