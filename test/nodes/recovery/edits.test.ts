/**
 * One rule for an edited node on Retry execution (issue 39, "Answers that depend on chance"): a run
 * wrote item A, then item B was refused (On Error → Stop); the user changes the node in a way that
 * changes what is written (a folder's Access Type, a comment's text, a task's description, a file's
 * name…) and retries "with the currently saved workflow". A is written anew as the edited node writes
 * it, and its output names the earlier object (`earlierWrite`: its hash or ID, and name) so the user
 * can remove it; the change is never ignored. An update is simply sent with the new values. Every
 * write kind, REST and MCP.
 */
import { sim, useRecoveryEnv } from './env';
import { writeOf } from './places';
import { TINY_PNG } from '../../../devkit/simulator/seed';
import { kindNamed, kindRows, type Destination, type WriteKind } from './writeKinds';
import { retryEdited, runAlone, said } from './workflows';

useRecoveryEnv();

const marker = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

/** Items A, B with On Error → Stop, B refused for certain: A is written, the execution fails. */
async function failedAtB(kind: WriteKind, destination: Destination, markers: string[]) {
	sim().faults.add({ match: writeOf(kind.match, markers[1]), fault: { kind: 'statusBeforeCommit', status: 400 } });
	const failed = await runAlone(
		destination,
		markers.map((m) => destination.item(m)),
	);
	expect(failed.result.error).toBeDefined();
	expect(destination.objects(markers[0])).toHaveLength(1);
	return failed;
}

describe.each(kindRows())('%s', (_name, kind) => {
	it('the node edited, then Retry execution with the currently saved workflow: the edit is written, never ignored', async () => {
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		const failed = await failedAtB(kind, destination, [a, b]);
		const [earlier] = destination.objects(a);
		const retried = await retryEdited(failed, destination, destination.edit.parameters);
		expect(retried.result.error).toBeUndefined();
		expect(retried.items.map(said)).toEqual(['written', 'written']);
		const shown = (m: string) => destination.objects(m).filter((object) => destination.edit.shows(object, m));
		expect(shown(b)).toHaveLength(1);
		// An update: the task holds the last item's edited values.
		if (kind.repeat === 'update') return;
		expect(shown(a)).toHaveLength(1);
		// A create-like write: the earlier object stays, and the output names it.
		expect(destination.objects(a).map((object) => object.id)).toContain(earlier.id);
		expect(destination.objects(a)).toHaveLength(2);
		const named = JSON.stringify(retried.items[0].earlierWrite ?? null);
		expect(named).toContain(earlier.id);
		if (!kind.name.includes('comment')) expect(named).toContain(earlier.name);
	});
});

describe('rest file.upload', () => {
	it('a Watermark Text added to a PNG upload, then Retry execution with the currently saved workflow: the watermarked file is written', async () => {
		const kind = kindNamed('rest file.upload');
		const destination = kind.prepare(sim());
		const [a, b] = [marker('a'), marker('b')];
		const png = (m: string) => ({
			json: { name: m },
			binary: { data: { data: TINY_PNG, fileName: `${m}.png`, mimeType: 'image/png' } },
		});
		const pngs: Destination = { ...destination, item: png };
		sim().faults.add({ match: writeOf(kind.match, b), fault: { kind: 'statusBeforeCommit', status: 400 } });
		const failed = await runAlone(pngs, [png(a), png(b)]);
		expect(failed.result.error).toBeDefined();
		const [earlier] = destination.objects(a);
		const retried = await retryEdited(failed, pngs, {
			options: { fileName: '={{ $json.name + ".png" }}', watermarkText: 'CONFIDENTIAL' },
		});
		expect(retried.result.error).toBeUndefined();
		expect(retried.items.map(said)).toEqual(['written', 'written']);
		const watermarked = destination
			.objects(a)
			.filter((object) => sim().storage.getFile(object.id)?.watermark?.text === 'CONFIDENTIAL');
		expect(watermarked).toHaveLength(1);
		expect(JSON.stringify(retried.items[0].earlierWrite ?? null)).toContain(earlier.id);
	});
});
