/**
 * Comment → Add on one task: from node version 2 the comments go at once (up to 50, like the node's other writes),
 * those a read-back could take for each other (the same text, also once decoded: `R & D` and `R &amp; D`) one after
 * another; with Post in Item Order on, and in node version 1, one after another, so the thread shows them in item
 * order. Each is stored once. A proxy in front of the simulator (test/meteredProxy.ts) holds add_comment's answers
 * until a batch of them is in, answering later ones sooner.
 */
import type { INodeParameters } from 'n8n-workflow';

import { meteredProxy, type Meter } from '../../meteredProxy';
import { byId, runDvs, startDvsNodeEnv, type DvsNodeEnv } from './env';

let env: DvsNodeEnv;
let meter: Meter | undefined;
beforeEach(async () => {
	env = await startDvsNodeEnv();
});
afterEach(async () => {
	meter?.server.close();
	await env.close();
});

const isAddComment = (path: string) => path.endsWith('/add_comment');

/** Comment → Add of every text on the demo task through the meter; its thread's new comments as stored. */
async function comment(texts: string[], batchOf: (requestNumber: number) => number, extra: Extra = {}) {
	const a = env.seed.orgA;
	const before = env.store.comments(a.tasks.header).length;
	meter = await meteredProxy(env.sim.baseUrl, batchOf, isAddComment);
	const parameters: INodeParameters = {
		resource: 'comment',
		operation: 'add',
		task: byId(a.tasks.header),
		comment: '={{ $json.text }}',
		options: extra.options ?? {},
	};
	const run = await runDvs(
		env,
		a.users.admin,
		parameters,
		{ input: texts.map((text) => ({ json: { text } })), typeVersion: extra.typeVersion },
		{ baseUrl: meter.url },
	);
	expect(run.error).toBeUndefined();
	expect(run.items.map((item) => item.pairedItem)).toEqual(texts.map((_, item) => ({ item })));
	const thread = env.store.comments(a.tasks.header).slice(before);
	return { maxInFlight: meter.maxInFlight, requests: meter.requests, thread: thread.map((c) => c.storedHtml) };
}

interface Extra {
	options?: INodeParameters;
	typeVersion?: number;
}

const texts = (count: number) => Array.from({ length: count }, (_, n) => `note ${n + 1}`);

it('sends comments of different texts at once, each stored once', async () => {
	const sent = texts(6);
	const { maxInFlight, requests, thread } = await comment(sent, () => 6);
	expect([maxInFlight, requests]).toEqual([6, 6]);
	expect([...thread].sort()).toEqual(sent);
});

it('sends a comment a read-back could take for an earlier one after it, the others at once', async () => {
	// `R &amp; D` is stored as `R &amp;amp; D` and read back `R &amp; D`, which decodes to the first item's text.
	const sent = ['R & D', 'minutes', 'R &amp; D', 'R &amp;amp; D'];
	const { maxInFlight, requests, thread } = await comment(sent, (number) => (number < 2 ? 2 : 1));
	expect([maxInFlight, requests]).toEqual([2, 4]);
	expect(thread).toHaveLength(4);
	const ampersands = thread.filter((html) => html.startsWith('R '));
	expect(ampersands).toEqual(['R &amp; D', 'R &amp;amp; D', 'R &amp;amp;amp; D']);
});

it.each([
	['with Post in Item Order on', { options: { inItemOrder: true } }],
	['in node version 1', { typeVersion: 1 }],
])('posts one after another in item order %s', async (_case, extra) => {
	const sent = texts(5);
	const { maxInFlight, thread } = await comment(sent, () => 1, extra);
	expect(maxInFlight).toBe(1);
	expect(thread).toEqual(sent);
});

it('node version 1 with Post in Item Order off sends them at once', async () => {
	const { maxInFlight } = await comment(texts(4), () => 4, { typeVersion: 1, options: { inItemOrder: false } });
	expect(maxInFlight).toBe(4);
});
