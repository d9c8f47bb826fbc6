/**
 * A sample of the trigger soak (`npm run soak` runs it at full size): every trigger and event,
 * over REST and MCP, through bursts, moved-in items, clock steps, a backlog, deletions,
 * undownloadable files and faulted polls; nothing missed, nothing doubled.
 */
import { useWarpedTime } from '../../devkit/harness';
import { soakTriggers } from './soakScenarios';

useWarpedTime(100, 1000);

it('every trigger and event over REST and MCP: nothing missed, nothing doubled', async () => {
	const rows = await soakTriggers({ events: 60, backlog: 450, faultShare: 0.2, seed: 7, auths: ['rest', 'mcp'] });
	expect(rows).toHaveLength(14);
	for (const row of rows) {
		expect({
			run: `${row.trigger} · ${row.event} · ${row.auth}`,
			missed: row.missed,
			doubled: row.doubled,
			missing: row.missing,
		}).toEqual({
			run: `${row.trigger} · ${row.event} · ${row.auth}`,
			missed: 0,
			doubled: 0,
			missing: [],
		});
		expect(row.emitted).toBeGreaterThan(0);
	}
	// A watched folder of REST costs one request per idle poll (the soak watches it with one subfolder).
	expect(rows.find((row) => row.event === 'New Folder' && row.auth === 'rest')?.idleRequests).toBe(1);
	expect(rows.find((row) => row.event === 'New Task' && row.auth === 'rest')?.idleRequests).toBe(1);
});
