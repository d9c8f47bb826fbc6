/**
 * Every 2xx body is checked against the document's shape for its action: a login page, cut
 * JSON, an empty body, success:false, an empty object or list, a zero id never become a
 * success. A write whose answer was bad may be found by reading back (reconciled: true).
 */
import { ACTION_CASES, runBadAnswerSuite, type BadAnswerRow } from './badAnswers';

let rows: BadAnswerRow[];
beforeAll(async () => {
	rows = await runBadAnswerSuite();
});

it('runs every action of both nodes, REST and MCP, with the bad bodies', () => {
	expect(new Set(rows.map((row) => row.action)).size).toBe(ACTION_CASES.length);
	expect(rows.length).toBeGreaterThan(ACTION_CASES.length * 5);
});

it('gives every bad body to the action it is meant for (a run that never asks cannot pass)', () => {
	expect(rows.filter((row) => !row.reached).map((row) => `${row.action} / ${row.body}: ${row.said}`)).toEqual([]);
});

it('turns no invalid 2xx body into a success', () => {
	expect(rows.filter((row) => row.acceptedAsSuccess).map((row) => `${row.action} / ${row.body}: ${row.said}`)).toEqual(
		[],
	);
});

it('finds a write whose answer was bad by reading back, and says so', () => {
	const writes = rows.filter((row) => /(folder\.create|file\.upload|task\.create|comment\.add)$/.test(row.action));
	expect(writes.length).toBeGreaterThan(0);
	expect(writes.every((row) => row.reconciled)).toBe(true);
});

it('says what came back instead of the answer, without echoing the whole body', () => {
	const html = rows.find((row) => row.action === 'rest folder.getInfo' && row.body === 'html');
	expect(html?.said).toBe(
		'Svc answered 200 while trying to read the folder, but not with a folder info object: the answer is not JSON',
	);
});
