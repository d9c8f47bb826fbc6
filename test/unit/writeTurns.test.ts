import { EVERYTHING, RunStopped, WriteTurns, type Claim } from '../../nodes/shared/services/exactlyOnce/writeTurns';
import { nameClaim } from '../../nodes/shared/services/storage/entries';

/** Items 0..n-1 begun as the router begins them; `order` records when each one's write got its turn. */
function run(count: number) {
	const turns = new WriteTurns();
	for (let index = 0; index < count; index++) turns.begin(index);
	const order: number[] = [];
	const take = async (index: number, claim: Claim) => {
		const end = await turns.take(index, claim);
		order.push(index);
		return end;
	};
	return { turns, order, take };
}

/** Lets every waiting turn go as far as it can. */
async function settled() {
	for (let step = 0; step < 50; step++) await Promise.resolve();
}
const inFolder = (name: string): Claim => ({ place: 'folder:A', ...nameClaim(name) });

describe('write turns', () => {
	it('lets writes of names no read-back could confuse run at once', async () => {
		const { order, take } = run(3);
		// No turn ends here: each write got its turn beside the others.
		await Promise.all([take(2, inFolder('file-2.txt')), take(1, inFolder('file-1.txt')), take(0, inFolder('file-0'))]);
		expect(order.sort()).toEqual([0, 1, 2]);
	});

	it.each([
		['the same name', 'Report.pdf', 'Report.pdf'],
		['names that differ in letter case', 'Report.pdf', 'report.PDF'],
		['a name and its numbered copy', 'Report.pdf', 'Report (2).pdf'],
		['a name and its numbered copy without extension', 'invoice', 'invoice_3'],
		['a random name and any name', '', 'anything'],
	])('keeps %s one after another, in item order', async (_case, first, second) => {
		const { turns, order, take } = run(2);
		const later = take(1, inFolder(second));
		const end = await take(0, inFolder(first));
		await settled();
		expect(order).toEqual([0]);
		end();
		await later;
		expect(order).toEqual([0, 1]);
		turns.end(1, false);
	});

	it('lets the same name in two folders run at once', async () => {
		const { order, take } = run(2);
		const held = take(0, inFolder('a.txt'));
		await take(1, { place: 'folder:B', ...nameClaim('a.txt') });
		await held;
		expect(order).toEqual([0, 1]);
	});

	it('waits for an earlier item that has not claimed yet, and runs once it claims elsewhere', async () => {
		const { turns, order, take } = run(2);
		const later = take(1, inFolder('b'));
		await settled();
		expect(order).toEqual([]);
		await take(0, inFolder('a'));
		await later;
		expect(order).toEqual([0, 1]);
		turns.end(0, false);
	});

	it('stops a later write that meets an item that failed under On Error → Stop', async () => {
		const { turns, take } = run(2);
		const later = take(1, inFolder('a'));
		turns.end(0, true);
		await expect(later).rejects.toThrow(RunStopped);
	});

	it('stops a later write when an earlier item failed before it claimed', async () => {
		const { turns, take } = run(2);
		const later = take(1, inFolder('b'));
		turns.end(0, true);
		await expect(later).rejects.toThrow(RunStopped);
	});

	it('keeps an operation that claims everything in item order', async () => {
		const { turns, order, take } = run(3);
		const third = take(2, EVERYTHING);
		const second = take(1, inFolder('b'));
		await take(0, inFolder('a'));
		await settled();
		expect(order).toEqual([0, 1]);
		turns.end(0, false);
		turns.end(1, false);
		await Promise.all([second, third]);
		expect(order).toEqual([0, 1, 2]);
	});

	it('lets a lookup by path wait for every earlier write, claiming nothing', async () => {
		const { turns, order, take } = run(3);
		const end = await take(0, inFolder('Reports'));
		let looked = false;
		const lookup = turns.settledBefore(2).then(() => (looked = true));
		await take(1, inFolder('Other'));
		await settled();
		expect(looked).toBe(false);
		end();
		turns.end(1, false);
		await lookup;
		expect([looked, order]).toEqual([true, [0, 1]]);
	});

	it('stops a lookup by path after an earlier item failed under On Error → Stop', async () => {
		const { turns } = run(2);
		const lookup = turns.settledBefore(1);
		turns.end(0, true);
		await expect(lookup).rejects.toThrow(RunStopped);
	});

	it('gives an item that claims again the same turn', async () => {
		const { turns, order, take } = run(2);
		const end = await take(0, inFolder('a'));
		const later = take(1, inFolder('a'));
		const again = take(1, inFolder('b'));
		await settled();
		expect(order).toEqual([0]);
		end();
		await Promise.all([later, again]);
		expect(order).toEqual([0, 1, 1]);
		turns.end(1, false);
	});
});

describe('a name claim', () => {
	it.each([
		['Report.pdf', 'report.pdf', undefined],
		['Report (2).pdf', 'report (2).pdf', ['report.pdf']],
		['backup-2026-11-28', 'backup-2026-11-28', ['backup-2026-11']],
		['  a/b  ', 'ab', undefined],
		['///', undefined, undefined],
	])('of %j', (name, folded, copyOf) => {
		const claim = nameClaim(name);
		expect(claim.key).toBe(folded);
		expect(claim.alsoMeets).toEqual(copyOf);
	});
});
