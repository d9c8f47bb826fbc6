import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { EMISSION_MEMORY_MS, emitOnce } from '../../nodes/shared/polling/emission';
import { eventIdOf } from '../../nodes/shared/polling/eventId';

let nextWorkflow = 0;

/** A poll context of one trigger whose node data is `data` (the same object, as n8n hands one poll). */
function contextOf(workflowId: string, data: IDataObject, mode = 'trigger'): IPollFunctions {
	return {
		getMode: () => mode,
		getNode: () => ({ id: 'node-1', name: 'Trigger' }),
		getWorkflow: () => ({ id: workflowId, active: true }),
		getWorkflowStaticData: () => data,
		logger: { warn: () => undefined },
	} as unknown as IPollFunctions;
}

const items: INodeExecutionData[][] = [[{ json: { id: 1 } }]];

/** A poll that records one more item as seen, as the triggers do, and emits. */
const emitting = (data: IDataObject) => async () => {
	data.state = { seen: `${String((data.state as IDataObject | undefined)?.seen ?? '')}x` };
	return items;
};

describe('emitOnce: one emission per saved position within a process', () => {
	it('numbers the state an emitting poll saves, and lets the next poll from it emit', async () => {
		const workflow = `wf-${nextWorkflow++}`;
		const data: IDataObject = {};
		expect(await emitOnce(contextOf(workflow, data), emitting(data))).toBe(items);
		expect(data.seq).toBe(1);
		expect(await emitOnce(contextOf(workflow, data), emitting(data))).toBe(items);
		expect(data.seq).toBe(2);
	});

	it('a poll from a position already emitted from emits nothing and leaves its state as found, until the memory lapses', async () => {
		const workflow = `wf-${nextWorkflow++}`;
		let now = 1_000_000;
		const clock = () => now;
		const first: IDataObject = { state: { seen: '' } };
		await emitOnce(contextOf(workflow, first), emitting(first), clock);
		const stale: IDataObject = { state: { seen: '' } };
		expect(await emitOnce(contextOf(workflow, stale), emitting(stale), clock)).toBeNull();
		expect(stale).toEqual({ state: { seen: '' } });
		now += EMISSION_MEMORY_MS;
		expect(await emitOnce(contextOf(workflow, stale), emitting(stale), clock)).toBe(items);
		expect(stale.seq).toBe(1);
	});

	it('another trigger, a manual poll and a poll that emits nothing are not held back', async () => {
		const workflow = `wf-${nextWorkflow++}`;
		const data: IDataObject = {};
		await emitOnce(contextOf(workflow, data), emitting(data));
		const other: IDataObject = {};
		expect(await emitOnce(contextOf(`wf-${nextWorkflow++}`, other), emitting(other))).toBe(items);
		const manual: IDataObject = {};
		expect(await emitOnce(contextOf(workflow, manual, 'manual'), emitting(manual))).toBe(items);
		expect(manual.seq).toBeUndefined();
		const quiet: IDataObject = {};
		expect(await emitOnce(contextOf(workflow, quiet), async () => null)).toBeNull();
	});
});

describe('eventIdOf', () => {
	it('is the same for the same event, and differs by kind, object and version', () => {
		expect(eventIdOf('newFile', 'abc')).toBe(eventIdOf('newFile', 'abc'));
		expect(eventIdOf('newFile', 'abc')).toMatch(/^[0-9a-f]{32}$/);
		const ids = [
			eventIdOf('newFile', 'abc'),
			eventIdOf('newFolder', 'abc'),
			eventIdOf('newFile', 'abd'),
			eventIdOf('fileUpdated', 'abc', 1),
			eventIdOf('fileUpdated', 'abc', 2),
		];
		expect(new Set(ids).size).toBe(ids.length);
		expect(eventIdOf('newComment', '1:23')).not.toBe(eventIdOf('newComment', '12:3'));
	});
});
