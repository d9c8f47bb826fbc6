/** Offset paging's bounds (paging.ts): until the total, never past what is wanted, never forever. */
import { collectOffsetPages, offsetPages } from '../../nodes/shared/execution/paging';

/** A service of `total` items answering at most `cap` per request; records what was asked. */
function service(total: number, cap = 200) {
	const asked: Array<[offset: number, limit: number]> = [];
	const fetchPage = async (offset: number, limit: number) => {
		asked.push([offset, limit]);
		const items = Array.from(
			{ length: Math.max(0, Math.min(limit, cap, total - offset)) },
			(_, index) => offset + index,
		);
		return { items, total };
	};
	return { asked, fetchPage };
}

it.each([
	[
		'everything of 450 in pages of 200',
		450,
		{},
		450,
		[
			[0, 200],
			[200, 200],
			[400, 200],
		],
	],
	[
		'the first 250 of 450',
		450,
		{ max: 250 },
		250,
		[
			[0, 200],
			[200, 50],
		],
	],
	['an empty list in one request', 0, {}, 0, [[0, 200]]],
	['exactly one full page', 200, {}, 200, [[0, 200]]],
] as Array<[string, number, { max?: number }, number, Array<[number, number]>]>)(
	'reads %s',
	async (_case, total, options, count, asked) => {
		const { asked: seen, fetchPage } = service(total);
		const items = await collectOffsetPages(fetchPage, options);
		expect(items).toHaveLength(count);
		expect(items).toEqual(Array.from({ length: count }, (_, index) => index));
		expect(seen).toEqual(asked);
	},
);

it('follows a service that answers fewer items than asked, by what it answered', async () => {
	const { asked, fetchPage } = service(250, 100);
	expect(await collectOffsetPages(fetchPage)).toHaveLength(250);
	expect(asked.map(([offset]) => offset)).toEqual([0, 100, 200]);
});

it('stops at an empty page even when the total promises more', async () => {
	const fetchPage = async () => ({ items: [] as number[], total: 1_000_000 });
	const pages = [];
	for await (const page of offsetPages(fetchPage)) pages.push(page);
	expect(pages).toHaveLength(1);
});
