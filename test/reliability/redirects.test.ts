/**
 * No request follows a redirect: every request path x 301/302/303/307/308 x {another origin,
 * plain HTTP}. The other server receives nothing, and the user is told what happened.
 */
import {
	REDIRECT_PATH_NAMES,
	REDIRECT_STATUSES,
	REDIRECT_TARGETS,
	runRedirectSuite,
	type RedirectRow,
} from './redirects';

let rows: RedirectRow[];
beforeAll(async () => {
	rows = await runRedirectSuite();
});

it('covers every path, status and target', () => {
	expect(rows).toHaveLength(REDIRECT_PATH_NAMES.length * REDIRECT_STATUSES.length * REDIRECT_TARGETS.length);
});

it('sends nothing to the other server: no request, no credential byte in any encoding', () => {
	expect(rows.filter((row) => row.requests > 0 || row.credentialBytes > 0)).toEqual([]);
});

it("never takes the other server's answer for a success", () => {
	expect(rows.filter((row) => row.said.startsWith('success'))).toEqual([]);
});

it('names the requested host and the redirect target in the error of every request the node makes', () => {
	const nodeRows = rows.filter(
		(row) =>
			!row.path.startsWith('credential test') &&
			row.path !== 'DVS upload (multipart)' &&
			row.path !== 'MCP large-file download URL',
	);
	for (const row of nodeRows) {
		expect(row.said).toMatch(
			new RegExp(
				`at http://127\\.0\\.0\\.1:\\d+ answered with a redirect \\(${row.status}\\) to http://(127\\.0\\.0\\.1|localhost):\\d+ while trying to`,
			),
		);
	}
	for (const row of rows.filter((row) => row.path.startsWith('credential test'))) {
		expect(row.said).toBe(
			`credential test failed: The service answered with a redirect (${row.status}) to another address. No credential was sent there: check the Base URL (its exact scheme and host).`,
		);
	}
	for (const row of rows.filter((row) => row.path === 'MCP large-file download URL')) {
		expect(row.said).toMatch(
			new RegExp(
				`answered ${row.status} with a redirect to http://(127\\.0\\.0\\.1|localhost):\\d+, which the node does not follow`,
			),
		);
	}
});
