/** A folder listing's answer shape (transport/answers.ts): checked whole, at the scale of a 50,000-file folder. */
import { REST } from '../../nodes/shared/transport/restCatalogue';

const listing = REST.getFolderContent.answer!.schema;

it('accepts a listing of 50,000 entries as it came (nothing copied or dropped)', () => {
	const entries = Array.from({ length: 50_000 }, (_, n) => ({
		type: 'file',
		file_hash: `f${n}`,
		file_name: `${n}.txt`,
		extra: { kept: true },
	}));
	const parsed = listing.parse(entries) as typeof entries;
	expect(parsed).toHaveLength(50_000);
	expect(parsed[49_999]).toEqual(entries[49_999]);
});

it.each([
	['an entry without a hash', [{ file_hash: 'a' }, { name: 'no hash' }], 'an entry has no hash'],
	['an entry that is no object', [{ file_hash: 'a' }, 'b'], 'an entry has no hash'],
	['an object instead of a list', { file_hash: 'a' }, 'the answer is not a list'],
	['nothing', undefined, 'the answer is not a list'],
])('refuses %s, saying what is wrong', (_case, answer, message) => {
	const result = listing.safeParse(answer);
	expect(result.success).toBe(false);
	expect(result.error?.issues[0].message).toBe(message);
});
