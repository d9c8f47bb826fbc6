/**
 * Records hold identities, not answers (issue 39, "Every capability key lands in saved executions"):
 * with Include Capability Keys off, and for the node as an AI tool (where it is off by default), the
 * execution data n8n saves (run data and context data, serialized whole as n8n stores it) holds none
 * of the capability keys of what the node wrote (folder_edit_key, folder_upload_key, file_delete_key
 * values): neither after a run that succeeded nor after a failed run whose records are kept (On Error
 * → Stop, a later item failing). Every write kind whose answers carry keys (the storage REST API's).
 */
import type { ServiceSimulator } from '../../../devkit/simulator';
import { sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { asTool, withOptions } from './variants';
import { kindNamed, kindRows, type Destination, type WriteKind } from './writeKinds';
import { runAlone } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The write kinds whose answers carry capability keys: the storage REST API's folders (edit and upload
 * keys) and files (delete key). The MCP endpoint's answers and DVS attachments carry none (measured by
 * the first test of each kind: with the option on, the output holds them).
 */
const WITH_KEYS = ['rest folder.create', 'rest file.upload'].map(kindNamed);

/** The edit and upload keys of the folders, the delete keys of the files, as the service holds them. */
function capabilityKeysOf(simulator: ServiceSimulator, ids: string[]): string[] {
	return ids.flatMap((id) => {
		const folder = simulator.storage.getFolder(id);
		if (folder) return [folder.editKey, folder.uploadKey];
		const file = simulator.storage.getFile(id);
		return file ? [file.deleteKey] : [];
	});
}

/**
 * How the run goes: `succeeded` (items A, B), `continued` (A, B, C with C refused for certain under On
 * Error → Continue: the execution succeeds) or `stopped` (the same under On Error → Stop: the execution
 * fails, and a retry may use its records).
 */
type RunKind = 'succeeded' | 'continued' | 'stopped';

/** Runs the items; returns the keys of A's and B's objects and the execution data as n8n saves it. */
async function keysAfter(kind: WriteKind, destination: Destination, runKind: RunKind) {
	const markers = [marker('a'), marker('b'), marker('c')];
	const refused = runKind !== 'succeeded';
	if (refused)
		sim().faults.add({ match: writeOf(kind.match, markers[2]), fault: { kind: 'statusBeforeCommit', status: 400 } });
	const run = await runAlone(
		destination,
		markers.slice(0, refused ? 3 : 2).map((m) => destination.item(m)),
		runKind === 'continued' ? { onError: 'continueRegularOutput' } : {},
	);
	expect(run.result.error === undefined).toBe(runKind !== 'stopped');
	if (runKind === 'continued') expect(typeof run.items[2].error).toBe('string');
	const ids = markers.slice(0, 2).flatMap((m) => destination.objects(m).map((object) => object.id));
	expect(ids).toHaveLength(2);
	const keys = capabilityKeysOf(sim(), ids);
	expect(keys.length).toBeGreaterThanOrEqual(2);
	return { keys, saved: run.result.savedExecutionData() };
}

const keysOff = (kind: WriteKind) => withOptions(kind.prepare(sim()), { capabilityKeys: false });

describe.each(kindRows(WITH_KEYS))('%s', (_name, kind) => {
	it('with Include Capability Keys on, the saved execution holds the keys the output carries (the search finds them)', async () => {
		const { keys, saved } = await keysAfter(
			kind,
			withOptions(kind.prepare(sim()), { capabilityKeys: true }),
			'succeeded',
		);
		expect(keys.filter((key) => saved.includes(key)).length).toBeGreaterThan(0);
	});

	it.each<[string, RunKind]>([
		['a run that succeeded', 'succeeded'],
		['a run that succeeded under Continue, a later item refused', 'continued'],
		['a failed run (a later item refused, Stop: its records are kept)', 'stopped'],
	])('with Include Capability Keys off, %s: no key in the saved execution', async (_run, runKind) => {
		const { keys, saved } = await keysAfter(kind, keysOff(kind), runKind);
		expect(keys.filter((key) => saved.includes(key))).toEqual([]);
	});

	it.each<[string, RunKind]>([
		['a run that succeeded', 'succeeded'],
		['a run that succeeded under Continue, a later item refused', 'continued'],
		['a failed run (a later item refused, Stop: its records are kept)', 'stopped'],
	])('as an AI tool, %s: no key in the saved execution', async (_run, runKind) => {
		const { keys, saved } = await keysAfter(kind, asTool(kind.prepare(sim())), runKind);
		expect(keys.filter((key) => saved.includes(key))).toEqual([]);
	});
});
