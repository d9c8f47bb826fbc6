/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- this file runs in Node under the test tools, never inside n8n; it reports to a person at a terminal */
/**
 * Captures the trigger state a release saves (`npx tsx compat/capture-trigger-state.ts <version>`, after
 * `npm run build`): each sample of devkit/compatWorld.ts polled by the built package through n8n-core's
 * PollContext, activated and then polled on schedule, its node static data written to
 * compat/<version>/trigger-state.json as n8n would save it. A capture is never edited afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { buildWorld, samplePoller, SAMPLES } from '../devkit/compatWorld';

async function main(): Promise<void> {
	const version = process.argv[2];
	if (!version) throw new Error('usage: npx tsx compat/capture-trigger-state.ts <version being released>');
	const state: Record<string, unknown> = {};
	for (const [name, sample] of Object.entries(SAMPLES)) {
		const world = await buildWorld();
		try {
			const poller = samplePoller(world, sample);
			await poller.poll();
			world.env.clock.advance(60_000);
			const idle = await poller.poll();
			if (idle !== null)
				throw new Error(`${name}: the scheduled poll after activation emitted ${idle[0].length} items`);
			state[name] = { type: sample.type, parameters: sample.parameters, staticData: poller.staticData() };
		} finally {
			await world.close();
		}
	}
	mkdirSync(join(__dirname, version), { recursive: true });
	writeFileSync(join(__dirname, version, 'trigger-state.json'), `${JSON.stringify(state, null, '\t')}\n`);
	console.log(
		`captured the state of ${Object.keys(state).length} trigger samples into compat/${version}/trigger-state.json`,
	);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
