import { PollBudget } from '../../../nodes/shared/polling/budget';
import { advance, aheadOf, cursorAfterAll, isAhead } from '../../../nodes/shared/polling/cursor';

describe('polling cursor', () => {
	it('keeps the ids of the newest second and lets later ones of that second through', () => {
		const cursor = cursorAfterAll([
			{ at: 5, id: 'a' },
			{ at: 7, id: 'b' },
			{ at: 7, id: 'c' },
		]);
		expect(cursor).toEqual({ at: 7, ids: ['b', 'c'] });
		expect(isAhead(cursor, { at: 7, id: 'b' })).toBe(false);
		expect(isAhead(cursor, { at: 7, id: 'd' })).toBe(true);
		expect(isAhead(cursor, { at: 6, id: 'e' })).toBe(false);
		expect(isAhead(cursor, { at: 8, id: 'b' })).toBe(true);
	});

	it('orders ahead items oldest first, numeric ids numerically, each once', () => {
		const items = [
			{ at: '2026-01-01 10:00:01', id: '10' },
			{ at: '2026-01-01 10:00:01', id: '9' },
			{ at: '2026-01-01 10:00:00', id: '11' },
			{ at: '2026-01-01 10:00:01', id: '9' },
		];
		expect(aheadOf(undefined, items).map((item) => item.id)).toEqual(['11', '9', '10']);
	});

	it('advances only past the items passed, so the rest of a second stays ahead', () => {
		const cursor = advance({ at: 3, ids: ['x'] }, [
			{ at: 3, id: 'y' },
			{ at: 4, id: 'p' },
		]);
		expect(cursor).toEqual({ at: 4, ids: ['p'] });
		expect(isAhead(cursor, { at: 4, id: 'q' })).toBe(true);
		expect(advance(cursor, [])).toEqual(cursor);
	});
});

describe('poll budget', () => {
	it('stops optional requests at the request cap', () => {
		const budget = new PollBudget(2, undefined);
		budget.spend();
		expect(budget.take()).toBe(true);
		expect(budget.take()).toBe(false);
		expect(budget.requests).toBe(2);
	});

	it("stops optional requests when half of n8n's poll budget is used", () => {
		let now = 1000;
		const budget = new PollBudget(100, 10_000, () => now);
		expect(budget.take()).toBe(true);
		now += 4_999;
		expect(budget.take()).toBe(true);
		now += 1;
		expect(budget.take()).toBe(false);
	});
});
