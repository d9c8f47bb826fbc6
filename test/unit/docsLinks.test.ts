/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The Docs links n8n shows for each node and credential: n8n appends `?utm_…` to them, which would
 * land after an `#anchor` and open the top of a long page; so each is an anchor-free page of its own
 * under docs/, which must exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadPackage } from '../../devkit/harness';

const ROOT = join(__dirname, '..', '..');
const DOCS = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/';

function codexLinks(): string[] {
	return readdirSync(join(ROOT, 'nodes')).flatMap((dir) =>
		readdirSync(join(ROOT, 'nodes', dir))
			.filter((file) => file.endsWith('.node.json'))
			.flatMap((file) => {
				const { resources } = JSON.parse(readFileSync(join(ROOT, 'nodes', dir, file), 'utf8')) as {
					resources: Record<string, Array<{ url: string }>>;
				};
				return Object.values(resources)
					.flat()
					.map((entry) => entry.url);
			}),
	);
}

it('every node and credential links to a page of its own under docs/, with no anchor', () => {
	const pkg = loadPackage();
	const credentialLinks = pkg.credentialTypeNames.map((name) =>
		String(pkg.credentialTypes.getByName(name).documentationUrl),
	);
	const links = [...codexLinks(), ...credentialLinks];
	expect(links.length).toBeGreaterThanOrEqual(14);
	for (const link of links) {
		expect(link).not.toContain('#');
		expect(link.startsWith(DOCS)).toBe(true);
		expect(existsSync(join(ROOT, 'docs', link.slice(DOCS.length)))).toBe(true);
	}
});
