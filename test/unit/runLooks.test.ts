import { RunLooks } from '../../nodes/shared/services/exactlyOnce/writeTurns';

describe("a run's looks", () => {
	it('are taken once when items write at once, and recorded for later tries', async () => {
		const looks = new RunLooks();
		const recorded: Record<string, unknown> = {};
		let taken = 0;
		const take = async () => {
			taken++;
			return await Promise.resolve([7, 8]);
		};
		const seen = await Promise.all([1, 2, 3].map(async () => await looks.look(recorded, 'create:task:', take)));
		expect(seen).toEqual([
			[7, 8],
			[7, 8],
			[7, 8],
		]);
		expect(taken).toBe(1);
		expect(recorded).toEqual({ 'create:task:': [7, 8] });
		expect(await new RunLooks().look(recorded, 'create:task:', take)).toEqual([7, 8]);
		expect(taken).toBe(1);
	});

	it('take a failed look again', async () => {
		const looks = new RunLooks();
		const recorded: Record<string, unknown> = {};
		await expect(looks.look(recorded, 'comment:1', async () => await Promise.reject(new Error('503')))).rejects.toThrow(
			'503',
		);
		expect(await looks.look(recorded, 'comment:1', async () => await Promise.resolve(4))).toBe(4);
		expect(recorded).toEqual({ 'comment:1': 4 });
	});

	it("an item waiting for another's look that failed takes its own", async () => {
		const looks = new RunLooks();
		const recorded: Record<string, unknown> = {};
		let answer: Promise<number> = Promise.reject(new Error('503 for item 0'));
		answer.catch(() => undefined);
		const first = looks.look(recorded, 'comment:1', async () => await answer);
		answer = Promise.resolve(4);
		const second = looks.look(recorded, 'comment:1', async () => await answer);
		await expect(first).rejects.toThrow('503 for item 0');
		expect(await second).toBe(4);
		expect(recorded).toEqual({ 'comment:1': 4 });
	});
});
