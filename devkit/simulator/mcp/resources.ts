/* eslint-disable @n8n/community-nodes/require-node-api-error -- this file its nodes are test doubles */
import { docUri, publishedDoc, publishedDocs } from './docs/corpus';
import { RpcCode, RpcFailure } from './jsonrpc';
import { decodeUtf8, isTextMime } from './tools/content';
import { folderObject, visibleChildren, visibleFile, visibleFolder } from './tools/items';
import { canDownload } from './tools/rights';
import { INLINE_READ_MAX, LIST_DEFAULT_LIMIT } from './tools/storageRead';
import { ToolError } from './tools/types';
import type { PrivateToolContext } from './tools/types';

export function listResources(): Record<string, unknown> {
	return {
		resources: publishedDocs().map((d) => ({
			uri: docUri(d),
			name: d.name,
			title: d.title,
			description: d.description,
			mimeType: d.mimeType,
		})),
	};
}

export function listResourceTemplates(): Record<string, unknown> {
	return {
		resourceTemplates: [
			{
				uriTemplate: 'svc-file://{file_hash}',
				name: 'file',
				title: 'File content',
				description: 'Private (authentication required): content of a file the connection may download, up to 25 MB.',
				mimeType: 'application/octet-stream',
			},
			{
				uriTemplate: 'svc-folder://{folder_hash}',
				name: 'folder',
				title: 'Folder listing',
				description:
					'Private (authentication required): the folder and the first raw page of its visible children, as JSON.',
				mimeType: 'application/json',
			},
		],
	};
}

export type ResourceKind = 'doc' | 'file' | 'folder';

/** Which kind of resource a URI names; anything else (file://, paths, other schemes) is refused. */
export function resourceKind(uri: string): ResourceKind {
	if (uri.startsWith('svc-docs://')) return 'doc';
	if (uri.startsWith('svc-file://')) return 'file';
	if (uri.startsWith('svc-folder://')) return 'folder';
	throw new RpcFailure(
		200,
		RpcCode.invalidParams,
		`Unsupported resource URI "${uri}": only svc-docs://, svc-file:// and svc-folder:// URIs can be read`,
		{ uri },
	);
}

export function readDoc(uri: string): Record<string, unknown> {
	const doc = publishedDoc(uri);
	if (!doc)
		throw new RpcFailure(
			200,
			RpcCode.resourceNotFound,
			`Resource not found: ${uri} (only published documents are readable)`,
			{ uri },
		);
	return { contents: [{ uri: docUri(doc), mimeType: doc.mimeType, text: doc.text }] };
}

function notFound(uri: string, error: ToolError): RpcFailure {
	return new RpcFailure(200, RpcCode.resourceNotFound, `${error.code}: ${error.message}`, { uri, code: error.code });
}

export function readPrivate(uri: string, kind: 'file' | 'folder', ctx: PrivateToolContext): Record<string, unknown> {
	const hash = decodeURIComponent(uri.slice(kind === 'file' ? 'svc-file://'.length : 'svc-folder://'.length));
	try {
		if (kind === 'folder') {
			const folder = visibleFolder(ctx, hash);
			const raw = ctx.state.deps.storage.listChildren(folder.hash);
			const json = {
				folder: folderObject(ctx, folder),
				items: visibleChildren(ctx, raw.slice(0, LIST_DEFAULT_LIMIT)),
				next_offset: raw.length > LIST_DEFAULT_LIMIT ? LIST_DEFAULT_LIMIT : null,
			};
			return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(json) }] };
		}
		const file = visibleFile(ctx, hash);
		if (!canDownload(ctx, file))
			throw new ToolError('permission_denied', 'This connection has no download right on the file');
		if (file.size > INLINE_READ_MAX)
			throw new ToolError('file_too_large', 'The file is larger than 25 MB: use svc_read_file for a download URL');
		const bytes = file.content;
		const text = isTextMime(file.mimeType) ? decodeUtf8(bytes) : undefined;
		return {
			contents: [
				text !== undefined
					? { uri, mimeType: file.mimeType, text }
					: { uri, mimeType: file.mimeType, blob: bytes.toString('base64') },
			],
		};
	} catch (error) {
		if (error instanceof ToolError) throw notFound(uri, error);
		throw error;
	}
}
