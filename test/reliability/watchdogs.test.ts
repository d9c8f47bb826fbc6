/**
 * Nothing n8n times by the wall clock stands on a run's path. n8n runs a resource locator mode's
 * `validation` regex at the start of every execution (`checkReadyForExecution`) under a 250 ms
 * wall-clock watchdog (n8n-workflow's safeRegex): on a busy server a valid hash failed the whole
 * execution with "Regular expression execution timed out". The storage's folder and file locators
 * carry no such regex; the node checks a hash itself, naming the parameter, before any request.
 * A test's warped time (devkit/harness/time.ts) leaves request timeouts alone, or a busy machine's
 * loopback would have a few milliseconds to answer a 30 s editor lookup.
 */
import type { INodeProperties } from 'n8n-workflow';

import { listSearch, loadPackage, warpedDelays, warpTime } from '../../devkit/harness';
import { requestsDuring, storagePoller, useTriggerEnv } from '../../devkit/triggerEnv';
import {
	byHash,
	counting,
	jsonOf,
	sim,
	storage,
	STORAGE_NODE,
	tokenCredentials,
	useSimulator,
} from '../nodes/SvcStorage/env';
import { nodeProperties } from '../helpers';

const NODES = loadPackage().nodeTypeNames;

/** What n8n would run through its regex watchdog for a parameter: its locator modes' regexes. */
function watchedRegexes(property: INodeProperties): string[] {
	return (property.modes ?? []).flatMap((mode) => [
		...(mode.validation ?? []).flatMap((rule) => ('type' in rule && rule.type === 'regex' ? [mode.name] : [])),
		...(mode.extractValue?.type === 'regex' ? [mode.name] : []),
	]);
}

it.each(NODES)('%s asks n8n to time no regex for any locator', (type) => {
	const locators = nodeProperties(type).filter((property) => property.type === 'resourceLocator');
	// A tool node's folders, files and tasks are text the model sends; only what the person sets stays a locator.
	if (!type.endsWith('Tool')) expect(locators.length).toBeGreaterThan(0);
	expect(locators.flatMap((property) => watchedRegexes(property).map((mode) => `${property.name}: ${mode}`))).toEqual(
		[],
	);
});

describe('a folder or file given by hash', () => {
	useSimulator();

	it('is refused when it holds a space, naming the parameter, before any request', async () => {
		const { result, actions } = await counting(
			async () => await storage({ resource: 'folder', operation: 'getInfo', folder: byHash('Xk9fQ 2mB7a') }),
		);
		expect(result.error).toMatchObject({
			message: 'The parameter "Folder" is not a hash',
			description: 'A hash has no spaces: paste the whole value the service returned.',
		});
		expect(actions).toEqual([]);
	});

	it('may still be a path from ROOT with spaces in its names', async () => {
		const pro = sim().demo.pro;
		const folder = sim().storage.createFolder(pro.userId, pro.rootFolderHash, 'Quarter Reports');
		const result = await storage({ resource: 'folder', operation: 'getInfo', folder: byHash('/Quarter Reports') });
		expect(jsonOf(result)[0]).toMatchObject({ folder_hash: folder.hash });
	});
});

describe("a test's warped time", () => {
	useSimulator();

	/** The editor's folder lookup (its requests time out after 30 s) under a warp, and the waits the warp shortened. */
	async function lookupWarped(options: { requestTimeouts?: boolean } = {}) {
		warpedDelays();
		const end = warpTime(1000, 1000, options);
		try {
			const said = await listSearch({ type: STORAGE_NODE, credentials: tokenCredentials(), method: 'searchFolders' })
				.then(() => 'found')
				.catch((error: Error) => error.message);
			return { said, warped: warpedDelays() };
		} finally {
			end();
		}
	}

	it("keeps a request's 30 s timeout in real time", async () => {
		expect(await lookupWarped()).toEqual({ said: 'found', warped: expect.not.arrayContaining([30_000]) });
	});

	it('warps it only when a test asks, for a server that never answers', async () => {
		sim().faults.add({ match: { path: '^/api' }, fault: { kind: 'hang' }, times: 10 });
		expect(await lookupWarped({ requestTimeouts: true })).toEqual({
			said: expect.stringMatching(/did not answer in time .*\(timeout 30000 ms\)/),
			warped: expect.arrayContaining([30_000]),
		});
	});
});

describe("the trigger's folder", () => {
	const env = useTriggerEnv(10_000);

	it('is refused when it holds a space, naming the parameter, before any request', async () => {
		const poller = storagePoller(env, { folder: { __rl: true, mode: 'id', value: 'Xk9fQ 2mB7a' } });
		const { result, requests } = await requestsDuring(
			env,
			async () => await poller.poll().catch((error: Error) => error),
		);
		expect(result).toMatchObject({ message: 'The parameter "Folder" is not a hash' });
		expect(requests).toEqual([]);
	});
});
