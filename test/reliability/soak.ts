/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
/**
 * `npm run soak`: the trigger soak (soakScenarios.ts) at full size, one table row per trigger,
 * event and wire, then `soak: N events, M missed, D doubled`.
 *
 *   npm run soak -- [events per run, default 1000] [seed]
 */
import '../../devkit/setupEnv';

import { warpTime } from '../../devkit/harness';
import { soakTriggers, type SoakRow } from './soakScenarios';

const events = Number(process.argv[2] ?? 1000);
const seed = Number(process.argv[3] ?? 1);

function line(row: SoakRow): string {
	return [
		`${row.trigger} · ${row.event}`.padEnd(52),
		row.auth.padEnd(5),
		String(row.events).padStart(7),
		String(row.emitted).padStart(8),
		String(row.missed).padStart(7),
		String(row.doubled).padStart(8),
		`${row.polls} (${row.failedPolls} failed)`.padStart(16),
		String(row.idleRequests).padStart(10),
		`${(row.peakStateBytes / 1024).toFixed(1)} KB`.padStart(12),
	].join(' ');
}

async function main(): Promise<number> {
	// Waits run 100 times faster; the timeout fault holds a request until the trigger's 3 s Timeout gives up.
	const endWarp = warpTime(100, 1000);
	console.log(
		[
			'trigger · event'.padEnd(52),
			'wire ',
			' events',
			' emitted',
			' missed',
			' doubled',
			'polls'.padStart(16),
			'idle reqs'.padStart(10),
			'peak state'.padStart(12),
		].join(' '),
	);
	try {
		const rows = await soakTriggers({ events, backlog: 12_000, faultShare: 0.2, seed, auths: ['rest', 'mcp'] }, (row) =>
			console.log(line(row)),
		);
		const total = (key: 'events' | 'missed' | 'doubled') => rows.reduce((sum, row) => sum + row[key], 0);
		console.log(`soak: ${total('events')} events, ${total('missed')} missed, ${total('doubled')} doubled`);
		return total('missed') + total('doubled') > 0 ? 1 : 0;
	} finally {
		endWarp();
	}
}

void main().then((code) => process.exit(code));
