/** The README's main job: every example workflow runs against the simulator, every node without an error. */
import { EXAMPLE_FILES, runExample } from '../examples/examples';
import { startServiceSimulator, type ServiceSimulator } from './simulator';

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startServiceSimulator();
});
afterAll(async () => await sim.close());

it('there are example workflows', () => {
	expect(EXAMPLE_FILES.length).toBeGreaterThanOrEqual(4);
});

it.each(EXAMPLE_FILES)('%s runs, and each of its service nodes produces items without an error', async (file) => {
	const run = await runExample(sim, file);
	expect(run.failure).toBeUndefined();
	expect(run.nodes.filter((node) => node.error).map((node) => `${node.name}: ${node.error}`)).toEqual([]);
	expect(run.nodes.length).toBeGreaterThan(1);
	const last = run.nodes[run.nodes.length - 1];
	expect([last.name, last.items.length > 0]).toEqual([last.name, true]);
});
