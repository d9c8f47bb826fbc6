/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- this file runs in Node under the test tools, never inside n8n */
/**
 * What `npm publish` would ship is what n8n loads and nothing else: the built nodes and credentials, their
 * icons, codex and output schemas under dist/, and the notices that travel with the code (README, LICENSE,
 * CHANGELOG, package.json). Every entry of package.json's n8n section is in the tarball.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

interface Packed {
	entryCount: number;
	size: number;
	files: Array<{ path: string; size: number }>;
}

const ALLOWED: RegExp[] = [
	/^package\.json$/,
	/^README\.md$/,
	/^LICENSE$/,
	/^CHANGELOG\.md$/,
	/^dist\/(nodes|credentials)\/.+\.js$/,
	/^dist\/nodes\/[^/]+\/[^/]+\.node\.json$/,
	/^dist\/nodes\/[^/]+\/__schema__\/v\d+\.\d+\.\d+\/[^/]+\/[^/]+\.json$/,
	/^dist\/icons\/[^/]+\.svg$/,
];

function pack(): Packed {
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'ignore'],
	});
	return (JSON.parse(output) as Packed[])[0];
}

describe('the published tarball (npm pack --dry-run)', () => {
	const packed = pack();
	const paths = packed.files.map((file) => file.path);
	const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};

	it('holds only what n8n loads and the notices that go with it', () => {
		expect(paths.filter((path) => !ALLOWED.some((allowed) => allowed.test(path)))).toEqual([]);
	});

	it('holds the licence, the readme and the changelog', () => {
		expect(paths).toEqual(expect.arrayContaining(['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']));
	});

	it('holds every node and credential package.json names for n8n', () => {
		const entries = [...manifest.n8n.nodes, ...manifest.n8n.credentials];
		expect(entries.length).toBeGreaterThan(0);
		expect(entries.filter((entry) => !paths.includes(entry))).toEqual([]);
	});

	it('holds each node’s codex beside it', () => {
		const codex = manifest.n8n.nodes.map((entry) => entry.replace(/\.js$/, '.json'));
		expect(codex.filter((entry) => !paths.includes(entry))).toEqual([]);
	});
});
