/**
 * What a read-back takes for a create's own object (issue 57, "a lost create settled by what it wrote"): an object
 * is ours when it holds exactly what was sent and nothing the service shows rules it out; whole-second times only
 * rule one out (older than the send by a clock that can tell), never make one ours.
 */
import type { IDataObject } from 'n8n-workflow';

import { AmbiguousReadBack } from '../../nodes/shared/services/exactlyOnce/uncertainWrite';
import { madeAgainst, ourObject, type Candidate } from '../../nodes/shared/services/exactlyOnce/evidence';
import { ListingClock } from '../../nodes/shared/services/exactlyOnce/executor';
import {
	LISTING_SKEW_MS,
	sendOnListing,
	writtenEntry,
	type EntryEvidence,
} from '../../nodes/shared/services/storage/readBack';

const SENT_AT = 1_800_000_000_500;
/** The service's `Date` clock as an execution saw it: the same as ours. */
const dateClock = (localMs: number) => localMs;

const folder = (hash: string, name: string, createdMs: number, creator = 7): IDataObject => ({
	type: 'folder',
	folder_hash: hash,
	folder_name: name,
	timestamp_created: Math.floor(createdMs / 1000),
	created_by: creator,
});

const file = (hash: string, name: string, size: number, createdMs = SENT_AT): IDataObject => ({
	type: 'file',
	file_hash: hash,
	file_name: name,
	size,
	timestamp_uploaded: Math.floor(createdMs / 1000),
});

beforeEach(() => {
	jest.useFakeTimers({ now: SENT_AT + 2000 });
});

afterEach(() => {
	jest.useRealTimers();
});

describe('madeAgainst: times only rule out', () => {
	const onDate = sendOnListing(dateClock, SENT_AT, undefined);

	it.each([
		// Whole-second times: one made in the send's own second may be the write.
		['made in the second of the send', SENT_AT - 400, 'not before'],
		['made in the second after the send', SENT_AT + 1000, 'not before'],
		// In a second begun after the latest the send can have been: after it.
		['made two seconds after the send', SENT_AT + 2000, 'after'],
		// On the `Date` clock alone the listing may lag: before the send, but maybe the write.
		['made a second before the send', SENT_AT - 1000, 'maybe before'],
		['made 10 min before (a listing clock that lags)', SENT_AT - 600_000, 'maybe before'],
		['made before the lag allowed', SENT_AT - LISTING_SKEW_MS - 61_000, 'before'],
	])('an entry %s (at %d) is %s', (_case, createdMs, made) => {
		expect(madeAgainst(Math.floor(createdMs / 1000) * 1000, 1000, onDate)).toBe(made);
	});

	it('no time shown, or no send time known: nothing rules the entry out', () => {
		expect(madeAgainst(undefined, 1000, onDate)).toBe('not before');
		expect(madeAgainst(SENT_AT - 3_600_000, 1000, undefined)).toBe('not before');
	});

	it('once an answer showed the listing clock, a second before the send is before it', () => {
		const listing = new ListingClock();
		// An upload sent at 100.2 s and answered at 100.3 s on our clock, listed as made at second 130: 30 s ahead.
		listing.note({ timestamp_uploaded: 130 }, 100_200, 100_300);
		const send = sendOnListing(() => undefined, 200_500, listing);
		expect(madeAgainst(229_000, 1000, send)).toBe('before');
		expect(madeAgainst(230_000, 1000, send)).toBe('not before');
	});

	it('answers that contradict each other leave the listing clock uncalibrated', () => {
		const listing = new ListingClock();
		listing.note({ timestamp_uploaded: 130 }, 100_200, 100_300);
		listing.note({ timestamp_uploaded: 100 }, 100_200, 100_300);
		expect(listing.earliestAt(0)).toBeUndefined();
	});
});

describe('ourObject', () => {
	const ours: Candidate = { shown: 'a folder "Report"', made: 'not before', holds: 'what was sent' };

	it('the one object that holds what was sent, nothing ruling it out: ours', () => {
		expect(ourObject([ours])).toBe(ours);
	});

	it("another's object (ruled out), other content, or older by a clock that can tell: never ours, never a doubt", () => {
		const theirs = [
			{ ...ours, ruledOut: true },
			{ ...ours, holds: 'something else' as const },
			{ ...ours, made: 'before' as const },
		];
		expect(ourObject(theirs)).toBeUndefined();
		expect(ourObject([...theirs, ours])).toBe(ours);
	});

	it.each([
		['holds what was sent but may be older than the send', { made: 'maybe before' as const }, /may lag/],
		['has content the node cannot compare (a watermark, an import)', { holds: 'unknown' as const }, /cannot compare/],
		['has a name that proves nothing', { nameDoubt: 'whose name may be cut' }, /may be cut/],
	])('an object that %s proves nothing either way', (_case, doubt, message) => {
		expect(() => ourObject([{ ...ours, ...doubt }])).toThrow(message);
	});

	it('two objects that hold what was sent prove nothing', () => {
		expect(() => ourObject([ours, { ...ours }])).toThrow(AmbiguousReadBack);
	});
});

describe('writtenEntry (storage)', () => {
	const evidence = (holds: EntryEvidence['holds'], extra: Partial<EntryEvidence> = {}): EntryEvidence => ({
		send: sendOnListing(dateClock, SENT_AT, undefined),
		others: new Set(),
		account: '7',
		holds,
		...extra,
	});
	const sameContent = async () => 'what was sent' as const;

	it('an entry of our name made in the send second that holds what was sent: ours', async () => {
		const entry = folder('x', 'Report', SENT_AT);
		expect(await writtenEntry([entry], { kind: 'folder', name: 'Report' }, evidence(sameContent))).toBe(entry);
	});

	it('an entry of our name that holds something else is not ours: the write is absent', async () => {
		const theirs = folder('t', 'Report', SENT_AT + 1000);
		const other = async () => 'something else' as const;
		expect(await writtenEntry([theirs], { kind: 'folder', name: 'Report' }, evidence(other))).toBeUndefined();
	});

	it("another account's entry, or one this execution's other items wrote, is never read", async () => {
		const holds = jest.fn(sameContent);
		const entries = [folder('a', 'Report', SENT_AT, 8), folder('mine', 'Report', SENT_AT)];
		const known = evidence(holds, { others: new Set(['mine']) });
		expect(await writtenEntry(entries, { kind: 'folder', name: 'Report' }, known)).toBeUndefined();
		expect(holds).not.toHaveBeenCalled();
	});

	it('a numbered name is ours when the name was held by an entry that is not ours', async () => {
		const theirs = file('t', 'report.pdf', 5, SENT_AT);
		const ours = file('o', 'report (1).pdf', 5, SENT_AT);
		const holds = async (entry: IDataObject) =>
			entry.file_hash === 'o' ? ('what was sent' as const) : ('something else' as const);
		const written = { kind: 'file' as const, name: 'report.pdf', size: 5 };
		expect(await writtenEntry([theirs, ours], written, evidence(holds))).toBe(ours);
		// Held by nothing known: the numbered one proves nothing.
		await expect(writtenEntry([ours], written, evidence(holds))).rejects.toThrow(/numbered/);
	});

	it('a name the service may have cut from ours proves nothing', async () => {
		const wanted = `${'a'.repeat(120)}.pdf`;
		const cut = file('c', `${'a'.repeat(96)}.pdf`, 3);
		await expect(writtenEntry([cut], { kind: 'file', name: wanted, size: 3 }, evidence(sameContent))).rejects.toThrow(
			/cut short/,
		);
	});

	it('our name and content made minutes before the send by a clock that may lag: proves nothing', async () => {
		const entry = folder('l', 'Report', SENT_AT - 5 * 60_000);
		await expect(writtenEntry([entry], { kind: 'folder', name: 'Report' }, evidence(sameContent))).rejects.toThrow(
			/may lag/,
		);
	});
});
