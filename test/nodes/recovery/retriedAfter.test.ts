/**
 * Only the node Retry execution restarts at can have stopped mid-node without recording its writes (a queue worker
 * killed there): a writing node after it never ran in the failed execution. Here the failed execution stopped at
 * a first Svc Storage node (a certain refusal); on Retry execution the second node runs for the first time and
 * writes beside an older folder of its name, as a first run would, never "Outcome uncertain".
 */
import type { IConnections } from 'n8n-workflow';

import { runWorkflow } from '../../../devkit/harness';
import { sim, useRecoveryEnv } from './env';
import { kindNamed } from './writeKinds';

useRecoveryEnv();

const link = (node: string) => ({ node, type: 'main' as const, index: 0 });

it('Retry execution: a writing node after the restarted one writes as a first run would', async () => {
	const kind = kindNamed('rest folder.create');
	const [first, second] = [kind.prepare(sim()), kind.prepare(sim())];
	const name = `later-${Math.random().toString(36).slice(2, 8)}`;
	const folderHash = second.folder?.() as string;
	sim().storage.createFolder(sim().demo.pro.userId, folderHash, name);
	const refused = sim().faults.add({
		match: { action: 'create_folder' },
		fault: { kind: 'statusBeforeCommit', status: 400 },
	});
	const nodes = [
		{ name: 'Input', type: 'items', parameters: {} },
		first.node('First'),
		second.node('Second', undefined, JSON.stringify(name)),
	];
	const connections: IConnections = { Input: { main: [[link('First')]] }, First: { main: [[link('Second')]] } };
	const failed = await runWorkflow(
		{ nodes, connections, items: { Input: [first.item('first')] } },
		{ credentials: first.credentials, startNode: 'Input' },
	);
	expect(failed.error?.message).toBeDefined();
	refused.timesRemaining = 0;
	const retried = await failed.retry();
	expect(retried.error).toBeUndefined();
	expect(first.objects('first')).toHaveLength(1);
	const names = sim()
		.storage.listChildren(folderHash)
		.map((entry) => entry.name)
		.sort();
	expect(names).toEqual([name, `${name} (1)`]);
});
