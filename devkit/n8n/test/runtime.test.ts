import { executionResult, isRestApiAnswer } from '../runtime';

// Seen in CI on a cold n8n 2.41: GET /rest/settings answered 200 while the database migrated, then
// POST /rest/owner/setup answered "Cannot POST /rest/owner/setup" (404) because no route was mounted yet.
describe('when a started n8n counts as ready', () => {
	const answer = (status: number, contentType: string) =>
		new Response('x', { status, headers: { 'content-type': contentType } });

	it('is not ready on the page n8n answers every path with while it migrates', () => {
		expect(isRestApiAnswer(answer(200, 'text/html; charset=utf-8'))).toBe(false);
	});

	it('is ready on a JSON answer of its REST API', () => {
		expect(isRestApiAnswer(answer(200, 'application/json; charset=utf-8'))).toBe(true);
	});

	it('is not ready on an error, even in JSON', () => {
		expect(isRestApiAnswer(answer(503, 'application/json; charset=utf-8'))).toBe(false);
	});
});

// Seen in CI on a busy n8n 2.41: `n8n execute --rawOutput` printed a log line after its JSON, and the run read
// as one without run data.
describe('reading `n8n execute --rawOutput`', () => {
	const printed = JSON.stringify({ data: { resultData: { runData: { Start: [{}] } } } }, null, 2);

	it('reads the result between log lines before and after it', () => {
		const stdout = `Loading {one} thing\n${printed}\nTask runner shut down\n`;
		expect(Object.keys(executionResult(stdout).data.resultData.runData)).toEqual(['Start']);
	});

	it('reads a result printed alone', () => {
		expect(Object.keys(executionResult(printed).data.resultData.runData)).toEqual(['Start']);
	});
});
