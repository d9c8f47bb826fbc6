import type { IN8nHttpFullResponse } from 'n8n-workflow';

import type { ServiceContext } from './http';
import { discardBody, watchIdle } from './streams';

/*
 * The bytes at an import's public source (svc_import_file's source_url or file.download_url), read by the node
 * itself only after the import's answer was lost, to compare with what Svc stored: Svc shows nothing of an
 * import's source. The request carries no credential and follows no redirect, and goes only where Svc would fetch
 * (the MCP endpoint's rule 9): HTTPS on port 443, no credentials or fragment in the URL, at most 100 MiB. Anything
 * else is an error, which leaves the read-back unsettled ("Outcome uncertain"), never resent.
 */

/** The MCP endpoint's limits on an HTTPS import: 100 MiB. */
const IMPORT_MAX_BYTES = 100 * 1024 * 1024;

/** A source that sends nothing for this long has stalled (the endpoint's download deadline is 60 s). */
const IDLE_MS = 60_000;

/** Why the node will not read `raw` where Svc would not fetch it either; undefined when it may. */
function refusedSource(raw: string): string | undefined {
	let url: URL;
	try {
		url = new URL(raw);
	} catch {
		return 'it is not an absolute URL';
	}
	if (url.protocol !== 'https:') return 'it is not an HTTPS address';
	if (url.username || url.password) return 'it carries credentials';
	if (raw.includes('#')) return 'it has a fragment';
	if (url.port !== '' && url.port !== '443') return 'it names a port other than 443';
	return undefined;
}

/** The source's bytes as they stream in; throws (naming the source's answer) where they cannot be read. */
export async function* publicSourceBytes(ctx: ServiceContext, url: string): AsyncIterable<Uint8Array> {
	const refused = refusedSource(url);
	if (refused) throw new Error(`the import's source could not be read to compare: ${refused}`);
	const response = (await ctx.helpers.httpRequest({
		method: 'GET',
		url,
		encoding: 'stream',
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		timeout: IDLE_MS,
	})) as IN8nHttpFullResponse;
	if (response.statusCode < 200 || response.statusCode >= 300) {
		await discardBody(response.body);
		const redirect =
			response.statusCode >= 300 && response.statusCode < 400 ? ', a redirect the node does not follow' : '';
		throw new Error(`the import's source answered ${response.statusCode}${redirect}`);
	}
	const { stream, stalled } = watchIdle(response.body as AsyncIterable<Uint8Array>, IDLE_MS);
	const failed = stalled.then((error) => {
		throw error;
	});
	failed.catch(() => undefined);
	const chunks = stream[Symbol.asyncIterator]();
	let read = 0;
	for (;;) {
		const next = await Promise.race([chunks.next(), failed]);
		if (next.done) return;
		read += next.value.length;
		if (read > IMPORT_MAX_BYTES) {
			await chunks.return?.();
			throw new Error("the import's source is larger than Svc imports (100 MiB)");
		}
		yield next.value;
	}
}
