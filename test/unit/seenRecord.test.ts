/** What a trigger has seen (polling/record.ts): keys by identity, stamps, the saved text and its bounds. */
import { KEY_CHARS, SeenRecord, STAMP_CHARS } from '../../nodes/shared/polling/record';

it('keys an entry by kind and id: the same file is the same key, a folder of the same id is not', () => {
	expect(SeenRecord.keyOf('file', 'abc')).toBe(SeenRecord.keyOf('file', 'abc'));
	expect(SeenRecord.keyOf('file', 'abc')).not.toBe(SeenRecord.keyOf('folder', 'abc'));
	expect(SeenRecord.keyOf('file', 'abc')).toMatch(new RegExp(`^[A-Za-z0-9_-]{${KEY_CHARS}}$`));
});

it.each([false, true])('round-trips through its saved text (stamped: %s), in a fixed order', (stamped) => {
	const record = new SeenRecord(stamped);
	record.set(SeenRecord.keyOf('file', 'b'), stamped ? 1_700_000_000 : undefined);
	record.set(SeenRecord.keyOf('file', 'a'), stamped ? 42 : undefined);
	const text = record.encode();
	expect(text).toHaveLength(2 * (KEY_CHARS + (stamped ? STAMP_CHARS : 0)));
	const read = SeenRecord.decode(text, stamped)!;
	expect(read.encode()).toBe(text);
	expect(read.stampOf(SeenRecord.keyOf('file', 'a'))).toBe(stamped ? 42 : undefined);
});

it('weighs 8 bytes an entry (16 with stamps): 50,000 files stay under 450 KB unstamped', () => {
	const record = new SeenRecord(false);
	for (let index = 0; index < 50_000; index++) record.set(SeenRecord.keyOf('file', `f${index}`));
	expect(record.encode().length).toBe(50_000 * KEY_CHARS);
	expect(record.encode().length).toBeLessThanOrEqual(450 * 1024);
});

it.each([
	['not text', 42, false],
	['a length that is no whole number of entries', 'abcdefg', false],
	['a key with a character base64url has not', 'abc$efgh', false],
	['a stamp that is no number', 'abcdefgh!!!!!!!!', true],
] as Array<[string, unknown, boolean]>)('refuses a saved record that is %s', (_case, text, stamped) => {
	expect(SeenRecord.decode(text, stamped)).toBeUndefined();
});

it('keeps only what the last listing showed', () => {
	const record = new SeenRecord(false);
	const [kept, gone] = [SeenRecord.keyOf('file', 'kept'), SeenRecord.keyOf('file', 'gone')];
	record.set(kept);
	record.set(gone);
	const next = record.keepOnly(new Set([kept]));
	expect([next.has(kept), next.has(gone), next.size]).toEqual([true, false, 1]);
});
