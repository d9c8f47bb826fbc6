/**
 * The time a "not found yet" Outcome uncertain names (exactlyOnce/earlierRuns.ts `notFoundYet`): the send's time
 * plus how long a write may still land, rounded up to the minute shown, so a retry at the named minute is never
 * one that could meet the request landing after all.
 */
import type { INode } from 'n8n-workflow';

import { notFoundYet } from '../../nodes/shared/services/exactlyOnce/earlierRuns';
import { MAY_STILL_LAND_MS } from '../../nodes/shared/services/exactlyOnce/writeRecords';

const NODE = {
	name: 'Svc Storage',
	type: 'n8n-nodes-svc.svcStorage',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
	id: 'n',
} as INode;

const namedTime = (sentAt: number) =>
	/after (\d{4}-\d\d-\d\d \d\d:\d\d) UTC/.exec(
		notFoundYet(NODE, 'the file "a.txt"', new Error('timed out'), 21_000, sentAt, 0).description ?? '',
	)?.[1];

it('names the minute after which a retry writes, rounded up: never earlier than the write may still land', () => {
	const sentAt = Date.parse('2026-12-07T10:00:30.500Z');
	expect(MAY_STILL_LAND_MS).toBe(10 * 60 * 1000);
	expect(namedTime(sentAt)).toBe('2026-12-07 10:11');
	expect(Date.parse(`${namedTime(sentAt)!.replace(' ', 'T')}:00Z`)).toBeGreaterThanOrEqual(sentAt + MAY_STILL_LAND_MS);
});

it('a send on the minute names that minute, not the next', () => {
	expect(namedTime(Date.parse('2026-12-07T10:00:00.000Z'))).toBe('2026-12-07 10:10');
});
