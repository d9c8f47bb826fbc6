import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { binaryFromBuffer } from '../../shared/execution/binary';
import { decodeBase64 } from '../../shared/transport/base64';
import type { McpContent, McpResourceContents, McpToolOutcome } from '../../shared/transport/mcp';

/** Base64 content of the server's answer as bytes; anything that is not standard base64 is an error. */
function bytesOf(ctx: IExecuteFunctions, base64: string, what: string, itemIndex: number): Buffer {
	const bytes = decodeBase64(base64);
	if (bytes) return bytes;
	throw new NodeApiError(
		ctx.getNode(),
		{ message: 'invalid base64' },
		{
			message: `The MCP server sent ${what} that is not valid base64`,
			description:
				'MCP binary content is standard padded base64. Nothing was output for this item; the server may be faulty.',
			itemIndex,
		},
	);
}

/** Binary property names for several files: `data`, `data_1`, `data_2`, … */
function propertyName(base: string, index: number): string {
	return index === 0 ? base : `${base}_${index}`;
}

function fileNameOfUri(uri: string): string | undefined {
	const tail = uri
		.replace(/[?#].*$/, '')
		.split(/[/:]+/)
		.filter(Boolean)
		.pop();
	if (!tail) return undefined;
	try {
		return decodeURIComponent(tail);
	} catch {
		return tail;
	}
}

function isJsonObjectText(text: string): boolean {
	try {
		const parsed: unknown = JSON.parse(text);
		return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
	} catch {
		return false;
	}
}

/** The file name a tool result suggests for its single file (`svc_read_file` names it in `file.name`). */
function suggestedFileName(structured: IDataObject): string | undefined {
	const file = structured.file as IDataObject | undefined;
	return file && typeof file.name === 'string' ? file.name : undefined;
}

/**
 * A tool result as one output item: structuredContent is the JSON (text content as `text` when
 * there is none, or when the text is more than the JSON mirror of it); blobs, images, audio and
 * embedded resources become binary data.
 */
export async function toolResultItem(
	ctx: IExecuteFunctions,
	outcome: McpToolOutcome,
	itemIndex: number,
	binaryField: string,
): Promise<INodeExecutionData> {
	const json: IDataObject = outcome.hasStructuredContent ? { ...outcome.structured } : {};
	const texts: string[] = [];
	const links: IDataObject[] = [];
	const files: Array<{ data: Buffer; fileName?: string; mimeType?: string }> = [];
	for (const block of outcome.content as Array<McpContent & IDataObject>) {
		if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
		else if ((block.type === 'image' || block.type === 'audio') && typeof block.data === 'string') {
			files.push({
				data: bytesOf(ctx, block.data, `${block.type} content`, itemIndex),
				mimeType: block.mimeType as string | undefined,
			});
		} else if (block.type === 'resource' && block.resource && typeof block.resource === 'object') {
			const resource = block.resource as McpResourceContents;
			const data =
				typeof resource.blob === 'string'
					? bytesOf(ctx, resource.blob, 'a resource blob', itemIndex)
					: Buffer.from(typeof resource.text === 'string' ? resource.text : '', 'utf8');
			files.push({ data, fileName: fileNameOfUri(resource.uri), mimeType: resource.mimeType });
		} else if (block.type === 'resource_link') {
			links.push({ uri: block.uri, name: block.name, mimeType: block.mimeType });
		}
	}
	const text = texts.join('\n');
	if (!outcome.hasStructuredContent) {
		if (text) json.text = text;
	} else if (text && !isJsonObjectText(text) && json.text === undefined) {
		json.text = text;
	}
	if (links.length) json.resource_links = links;
	const item: INodeExecutionData = { json, pairedItem: { item: itemIndex } };
	if (files.length) {
		const suggested = files.length === 1 ? suggestedFileName(outcome.structured) : undefined;
		item.binary = {};
		for (const [index, file] of files.entries()) {
			item.binary[propertyName(binaryField, index)] = await binaryFromBuffer(
				ctx,
				file.data,
				suggested ?? file.fileName,
				file.mimeType,
				itemIndex,
			);
		}
	}
	return item;
}

/** One resources/read content entry as an output item (text as json, blob as binary). */
export async function resourceContentItem(
	ctx: IExecuteFunctions,
	content: McpResourceContents,
	itemIndex: number,
	binaryField: string,
): Promise<INodeExecutionData> {
	const json: IDataObject = { uri: content.uri, mimeType: content.mimeType ?? null };
	if (typeof content.blob !== 'string') {
		json.text = content.text ?? '';
		return { json, pairedItem: { item: itemIndex } };
	}
	const data = bytesOf(ctx, content.blob, 'a resource blob', itemIndex);
	json.size = data.length;
	const binary = await binaryFromBuffer(ctx, data, fileNameOfUri(content.uri), content.mimeType, itemIndex);
	return { json, binary: { [binaryField]: binary }, pairedItem: { item: itemIndex } };
}
