/**
 * Earlier Uncertain Writes (services/exactlyOnce/wayForward.ts): the choice applies only to a write an earlier try
 * left unsettled, never to a new one or one it wrote; what a look settles needs no choice; Take What Was Found never
 * sends within the window a timed-out write may still land in, Write Again does. And the token an uncertain item
 * carries (wayForward.ts `tokenOnItem`), beside `error` or in `details`, nothing else taken for one.
 */
import {
	choiceAppliesTo,
	earlierUncertainStep,
	tokenOnItem,
	type EarlierLook,
	type EarlierUncertainChoice,
} from '../../nodes/shared/services/exactlyOnce/wayForward';
import type { WriteRecord } from '../../nodes/shared/services/exactlyOnce/writeRecords';

const record = (state: WriteRecord['state']): WriteRecord => ({
	state,
	input: 'i',
	write: 'w',
	parameters: 'p',
	at: 1_700_000_000_000,
	execution: '1',
});

describe('which records Earlier Uncertain Writes applies to', () => {
	it.each([
		['no record: a new write', undefined, false],
		['written by an earlier try', record('written'), false],
		['left uncertain by an earlier try', record('uncertain'), true],
		['sent by an earlier try that never settled it', record('sending'), true],
		['carried by the item (uncertainWrite)', { ...record('uncertain'), carried: true }, true],
	])('%s', (_case, given, applies) => {
		expect(choiceAppliesTo(given)).toBe(applies);
	});
});

describe('the step an earlier uncertain write takes', () => {
	const table: Array<[EarlierLook, Record<EarlierUncertainChoice, string>]> = [
		['found', { stop: 'take', takeFound: 'take', writeAgain: 'take' }],
		['absent', { stop: 'write', takeFound: 'write', writeAgain: 'write' }],
		['failed', { stop: 'failed', takeFound: 'failed', writeAgain: 'failed' }],
		['ambiguous', { stop: 'ambiguous', takeFound: 'lookUntimed', writeAgain: 'write' }],
		['absentMayStillLand', { stop: 'notYet', takeFound: 'notYet', writeAgain: 'write' }],
	];
	it.each(table)('a look that shows it %s', (look, steps) => {
		for (const [choice, step] of Object.entries(steps))
			expect([choice, earlierUncertainStep(choice as EarlierUncertainChoice, look)]).toEqual([choice, step]);
	});

	it('Stop and Say So is what an earlier uncertain write did before the option: it never sends what it cannot settle', () => {
		const looks: EarlierLook[] = ['ambiguous', 'absentMayStillLand', 'failed'];
		expect(looks.map((look) => earlierUncertainStep('stop', look))).toEqual(['ambiguous', 'notYet', 'failed']);
	});
});

describe('the token an uncertain item carries', () => {
	const token = {
		node: 'node-1',
		write: 'abc',
		parameters: 'def',
		sentAt: 1_700_000_000_000,
		locate: { subject: 'the folder "A"', parent: 'h', name: 'A' },
		execution: '7',
	};

	it('is read beside error (Continue) and in details (Continue (using error output))', () => {
		expect(tokenOnItem({ error: 'Outcome uncertain: …', uncertainWrite: token })).toEqual(token);
		expect(tokenOnItem({ name: 'A', error: 'x', details: { outcome: 'uncertain', uncertainWrite: token } })).toEqual(
			token,
		);
	});

	it.each([
		['no token', { name: 'A' }],
		['a string', { uncertainWrite: 'abc' }],
		['no send time', { uncertainWrite: { ...token, sentAt: undefined } }],
		['no locate', { uncertainWrite: { ...token, locate: 'x' } }],
		['no node', { details: { uncertainWrite: { ...token, node: 3 } } }],
		['details a list', { details: [token] }],
	])('%s is none', (_case, json) => {
		expect(tokenOnItem(json as never)).toBeUndefined();
	});
});
