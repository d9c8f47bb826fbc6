/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Trigger state a release saved (compat/<version>/trigger-state.json) is read by this commit: polled again
 * over the same service, as after an upgrade with the workflow active, nothing is emitted again and what
 * arrived in between is emitted once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { emitted } from '../../devkit/triggerEnv';
import { buildWorld, samplePoller, SAMPLES, type World } from '../../devkit/compatWorld';

const COMPAT = join(__dirname, '..', '..', 'compat');

interface Saved {
	type: string;
	parameters: IDataObject;
	staticData: IDataObject;
}

const captures = readdirSync(COMPAT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.flatMap((entry) => {
		const saved = JSON.parse(readFileSync(join(COMPAT, entry.name, 'trigger-state.json'), 'utf8')) as Record<
			string,
			Saved
		>;
		return Object.entries(saved).map(([sample, state]) => ({ version: entry.name, sample, state }));
	});

let world: World | undefined;
afterEach(async () => {
	await world?.close();
	world = undefined;
});

it('there is saved trigger state of both triggers', () => {
	expect(new Set(captures.map(({ state }) => state.type))).toEqual(new Set(['svcStorageTrigger', 'svcDvsTrigger']));
});

describe.each(captures)('$version: $sample', ({ sample: name, state }) => {
	// What arrived while n8n was down for the upgrade is the one item the first poll emits: state read as
	// empty would emit everything again, state lost would start afresh and miss it.
	it('emits what arrived during the upgrade once, and nothing it had emitted before', async () => {
		const sample = SAMPLES[name];
		expect(sample.parameters).toEqual(state.parameters);
		world = await buildWorld();
		world.env.clock.advance(120_000);
		sample.change(world);
		world.env.clock.advance(60_000);
		const poller = samplePoller(world, sample, state.staticData);
		expect(emitted(await poller.poll()).map(sample.expected)).toEqual([sample.expectedValue]);
		world.env.clock.advance(60_000);
		expect(emitted(await poller.poll())).toEqual([]);
	});
});
