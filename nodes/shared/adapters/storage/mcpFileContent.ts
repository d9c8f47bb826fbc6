import type { IDataObject, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { decodeBase64 } from '../../transport/base64';
import type { UploadSource } from './port';
import { hostOf } from '../../transport/failures';
import type { ServiceContext } from '../../transport/http';
import { discardBody, watchIdle } from '../../transport/streams';
import type { McpToolOutcome } from '../../transport/mcp';
import type { StorageDownload } from '../../transport/storageApi';
import { embeddedResource, firstText, objectField } from '../mcpTools';

/**
 * File content over MCP: sent inline (uploads, small reads) or, for a large read, fetched from the URL the
 * service gives.
 */

/** The MCP endpoint: inline upload content is limited to 10 MiB decoded. */
export const MCP_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export function mib(bytes: number): string {
	return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The whole upload in memory (MCP sends it inline), stopping as soon as it passes the limit. */
export async function readWhole(
	source: UploadSource,
	limit: number,
	tooLarge: (size: number) => never,
): Promise<Buffer> {
	if (source.size > limit) tooLarge(source.size);
	const chunks: Buffer[] = [];
	let length = 0;
	for await (const chunk of source.open()) {
		const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
		length += buffer.length;
		if (length > limit) tooLarge(length);
		chunks.push(buffer);
	}
	return Buffer.concat(chunks, length);
}

/**
 * The file an svc_read_file result carries, in every shape a server may send it: text content, an
 * embedded resource's `text` or base64 `blob`, or a URL for a large file. The bytes are output as
 * they came (text as its UTF-8 bytes, a byte order mark and CRLF kept); name and MIME type come
 * from the file's metadata, the content block's MIME type only where the metadata has none.
 */
export async function fileFromReadResult(
	ctx: ServiceContext,
	outcome: McpToolOutcome,
	timeoutMs: number,
	itemIndex: number,
): Promise<StorageDownload> {
	const structured = outcome.structured ?? {};
	const file = objectField(structured, 'file');
	const fileName = typeof file.name === 'string' ? file.name : undefined;
	const metaType = typeof file.mime_type === 'string' ? file.mime_type : undefined;
	const resource = embeddedResource(outcome);
	const text = firstText(outcome);
	// A text block beside a URL is the result's summary (servers echo structured results as text), not the file.
	if (typeof structured.download_url === 'string' && resource === undefined && structured.delivery !== 'text') {
		return await fetchLargeFile(ctx, structured.download_url, {
			fileName,
			contentType: metaType,
			timeoutMs,
			itemIndex,
		});
	}
	const inline = inlineBytes(resource, text, file.size === 0);
	if (inline === 'invalid base64') {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'invalid base64' },
			{
				message: "Svc's MCP endpoint sent the file's content as invalid base64",
				description:
					'Nothing was output. Try again; if it persists, download the file with the Svc Storage API credential.',
				itemIndex,
			},
		);
	}
	if (inline === undefined) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'svc_read_file returned no content' },
			{
				message: "Svc's MCP endpoint returned no content for the file",
				description: 'Try again; if it persists, download the file with the Svc Storage API credential.',
				itemIndex,
			},
		);
	}
	const blockType = typeof resource?.mimeType === 'string' ? resource.mimeType : undefined;
	return { body: inline, contentType: metaType ?? blockType, fileName, size: inline.length };
}

/**
 * The bytes of inline content: an embedded resource first, then a text block; an empty file may come with no
 * block at all.
 */
function inlineBytes(
	resource: IDataObject | undefined,
	text: string | undefined,
	emptyFile: boolean,
): Buffer | 'invalid base64' | undefined {
	if (typeof resource?.blob === 'string') return decodeBase64(resource.blob) ?? 'invalid base64';
	if (typeof resource?.text === 'string') return Buffer.from(resource.text, 'utf8');
	if (text !== undefined) return Buffer.from(text, 'utf8');
	return emptyFile ? Buffer.alloc(0) : undefined;
}

/**
 * A file too large to inline: the service gives a URL. It is fetched as a stream through n8n's
 * request helper (proxy and cancellation included) without the MCP credential, which is for
 * the MCP endpoint only.
 */
/** The URL when it is HTTPS (or HTTP on loopback, for tests and local servers); undefined otherwise. */
function usableUrl(url: string): URL | undefined {
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return undefined;
	}
	const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
	return parsed.protocol === 'https:' || (parsed.protocol === 'http:' && loopback) ? parsed : undefined;
}

/** GET of the URL the service gave, without credentials and without following a redirect. */
async function requestLargeFile(
	ctx: ServiceContext,
	url: URL,
	timeoutMs: number,
	itemIndex: number,
): Promise<IN8nHttpFullResponse> {
	try {
		return (await ctx.helpers.httpRequest({
			method: 'GET',
			url: url.toString(),
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			timeout: timeoutMs,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: (error as Error).message ?? 'request failed' },
			{
				message: 'Could not fetch the large file from the URL Svc gave',
				description:
					`${(error as Error).message ?? ''} Try again, or download the file with the Svc Storage API ` + `credential.`,
				itemIndex,
			},
		);
	}
}

/** A non-2xx answer of the download URL (its body discarded), a redirect named with its host. */
async function refusedDownload(
	ctx: ServiceContext,
	response: IN8nHttpFullResponse,
	url: URL,
	location: string | undefined,
	itemIndex: number,
): Promise<NodeApiError> {
	await discardBody(response.body);
	const redirect =
		response.statusCode >= 300 && response.statusCode < 400
			? ` with a redirect to ${hostOf(location)}, which the node does not follow`
			: '';
	return new NodeApiError(
		ctx.getNode(),
		{ message: `download URL answered ${response.statusCode}`, httpCode: String(response.statusCode) },
		{
			message:
				`The download URL Svc gave for this large file (${hostOf(url.toString())}) ` +
				`answered ${response.statusCode}${redirect}`,
			description:
				'Files larger than 25 MB are not sent inline over MCP; their URL may have expired or need ' +
				'a login. Run again, or use the Svc Storage API credential.',
			httpCode: String(response.statusCode),
			itemIndex,
		},
	);
}

export async function fetchLargeFile(
	ctx: ServiceContext,
	url: string,
	{
		fileName,
		contentType,
		timeoutMs,
		itemIndex,
	}: { fileName?: string; contentType?: string; timeoutMs: number; itemIndex: number },
): Promise<StorageDownload> {
	const parsed = usableUrl(url);
	if (!parsed) {
		throw new NodeApiError(
			ctx.getNode(),
			{ message: 'unusable download URL' },
			{
				message: "Svc's MCP endpoint gave no usable HTTPS download URL for this large file",
				description:
					'Files larger than 25 MB are not sent inline over MCP. Download them with the Svc Storage API credential.',
				itemIndex,
			},
		);
	}
	const response = await requestLargeFile(ctx, parsed, timeoutMs, itemIndex);
	const headers = response.headers as Record<string, string | string[] | undefined>;
	const header = (name: string) => {
		const value = headers[name] ?? headers[name.toLowerCase()];
		return Array.isArray(value) ? value[0] : value;
	};
	if (response.statusCode < 200 || response.statusCode >= 300)
		throw await refusedDownload(ctx, response, parsed, header('location'), itemIndex);
	const length = Number(header('content-length'));
	const watched = watchIdle(response.body as AsyncIterable<Buffer>, timeoutMs);
	return {
		body: watched.stream,
		stalled: watched.stalled,
		contentType: contentType ?? header('content-type')?.split(';')[0].trim(),
		fileName,
		size: Number.isFinite(length) ? length : undefined,
	};
}
