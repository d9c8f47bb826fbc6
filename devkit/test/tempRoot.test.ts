/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- this file runs in Node under the test tools, never inside n8n */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { removeStaleTempRoots } from '../tempRoot';

// Seen here: a jest run killed outright (the session ended) left its temporary folder in /tmp, which its global
// teardown would have removed.
describe('the temporary folders of earlier test runs', () => {
	let parent: string;
	beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'temp-roots-'))));
	afterEach(() => rmSync(parent, { recursive: true, force: true }));

	const folder = (name: string) => {
		mkdirSync(join(parent, name));
		return join(parent, name);
	};

	it("are removed once their run's process is gone, and kept while it runs", () => {
		const ended = spawnSync(process.execPath, ['-e', '0']).pid;
		const gone = folder(`n8n-nodes-svc-tests-${ended}-abc123`);
		const running = folder(`n8n-nodes-svc-tests-${process.pid}-def456`);
		const unnumbered = folder('n8n-nodes-svc-tests-ghi789');
		const other = folder('something-else');
		removeStaleTempRoots(parent);
		expect([gone, running, unnumbered, other].map(existsSync)).toEqual([false, true, false, true]);
	});
});
