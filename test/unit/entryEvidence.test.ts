/**
 * What a storage read-back takes for a write's own entry (issue 45, "ours only on evidence"): an entry's age against
 * the send on the listing's clock — calibrated from an upload's answer, else the `Date` clock with the listing allowed
 * to lag it — its creator, and names the service may have made of ours.
 */
import type { IDataObject } from 'n8n-workflow';

import { AmbiguousReadBack } from '../../nodes/shared/services/exactlyOnce/uncertainWrite';
import { entryAges, LISTING_SKEW_MS, writtenEntry } from '../../nodes/shared/services/exactlyOnce/evidence';
import { ListingClock } from '../../nodes/shared/services/exactlyOnce/executor';

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

beforeEach(() => {
	jest.useFakeTimers({ now: SENT_AT + 2000 });
});

afterEach(() => {
	jest.useRealTimers();
});

describe('entryAges on the Date clock alone', () => {
	const ageOf = (entry: IDataObject) => entryAges(dateClock, SENT_AT, { others: new Set(), account: '7' })(entry);

	it.each([
		// Whole-second times: within the send's second, theirs made just before and ours just after look the same.
		['made in the second of the send', SENT_AT - 400, 'unknown'],
		// `Date` is in whole seconds too: the service's clock may have been up to a second past it at the send.
		['made in the second after the send', SENT_AT + 1000, 'unknown'],
		['made in a second that began after the latest the send can have been', SENT_AT + 1500, 'new'],
		['made a second before the send', SENT_AT - 1000, 'unknown'],
		['made 2 min before (a listing clock that lags)', SENT_AT - 120_000, 'unknown'],
		['made before the lag allowed', SENT_AT - LISTING_SKEW_MS - 61_000, 'old'],
		['dated past the service now (clocks apart)', SENT_AT + 60_000, 'unknown'],
	])('an entry %s (at %d) is %s', (_case, createdMs, age) => {
		expect(ageOf(folder('h', 'Report', createdMs))).toBe(age);
	});

	it("another account's entry is old, whenever it was made", () => {
		expect(ageOf(folder('h', 'Report', SENT_AT + 1000, 8))).toBe('old');
	});

	it("an entry this execution's other items or runs wrote is old", () => {
		const withOthers = entryAges(dateClock, SENT_AT, { others: new Set(['mine']) });
		expect(withOthers(folder('mine', 'Report', SENT_AT + 1000))).toBe('old');
	});

	it('an entry once seen dated past now stays unplaced at a later look', () => {
		const ahead = new Set<string>();
		expect(entryAges(dateClock, SENT_AT, { others: new Set(), ahead })(folder('h', 'R', SENT_AT + 10_000))).toBe(
			'unknown',
		);
		jest.setSystemTime(SENT_AT + 15_000);
		expect(entryAges(dateClock, SENT_AT, { others: new Set(), ahead })(folder('h', 'R', SENT_AT + 10_000))).toBe(
			'unknown',
		);
	});
});

describe('entryAges on a listing clock calibrated by an upload answer', () => {
	it('an entry made a second before the send is old, one after it new, once an answer showed the listing clock', () => {
		const listing = new ListingClock();
		// An upload sent at 100.2 s and answered at 100.3 s on our clock, listed as made at second 130: 30 s ahead.
		listing.note({ timestamp_uploaded: 130 }, 100_200, 100_300);
		const sentAt = 200_500;
		const ageOf = entryAges(() => undefined, sentAt, { others: new Set(), listing });
		expect(ageOf(folder('a', 'R', sentAt + 29_000))).toBe('old');
		expect(ageOf(folder('b', 'R', sentAt + 30_000))).toBe('unknown');
		expect(ageOf(folder('c', 'R', sentAt + 32_000))).toBe('new');
	});

	it('answers that contradict each other leave the listing clock uncalibrated', () => {
		const listing = new ListingClock();
		listing.note({ timestamp_uploaded: 130 }, 100_200, 100_300);
		listing.note({ timestamp_uploaded: 100 }, 100_200, 100_300);
		expect(listing.earliestAt(0)).toBeUndefined();
	});
});

describe('writtenEntry', () => {
	const allNew = () => 'new' as const;

	it('an entry of our name and size, new, alone: ours', () => {
		const entry = { ...folder('x', 'Report', SENT_AT) };
		expect(writtenEntry([entry], { kind: 'folder', name: 'Report' }, allNew)).toBe(entry);
	});

	it('a name the service may have cut from ours proves nothing', () => {
		const wanted = `${'a'.repeat(120)}.pdf`;
		const cut = { type: 'file', file_hash: 'c', file_name: `${'a'.repeat(96)}.pdf`, size: 3 };
		expect(() => writtenEntry([cut], { kind: 'file', name: wanted, size: 3 }, allNew)).toThrow(AmbiguousReadBack);
	});

	it('our name with another size: not ours, unless the service may change the bytes (a watermark)', () => {
		const other = { type: 'file', file_hash: 'w', file_name: 'photo.png', size: 9 };
		expect(writtenEntry([other], { kind: 'file', name: 'photo.png', size: 5 }, allNew)).toBeUndefined();
		expect(() =>
			writtenEntry([other], { kind: 'file', name: 'photo.png', size: 5, sizeMayChange: true }, allNew),
		).toThrow(/of another size than was sent/);
	});

	it('an entry of our name the clocks cannot place proves nothing', () => {
		expect(() =>
			writtenEntry([folder('u', 'Report', SENT_AT)], { kind: 'folder', name: 'Report' }, () => 'unknown'),
		).toThrow(/which may or may not be older than the write/);
	});
});
