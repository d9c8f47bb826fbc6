import type { IDataObject } from 'n8n-workflow';

import type { NegotiatedRevision } from './protocol';
import {
	CLIENT_INFO,
	headerSafe,
	mcpNameOf,
	META_CLIENT_CAPABILITIES,
	META_CLIENT_INFO,
	META_PROTOCOL_VERSION,
	MODERN_REVISION,
	sendsVersionHeader,
} from './protocol';
import type { OutgoingMessage } from './streamableHttp';

/** The envelope of one message in a revision: `_meta` and headers (modern), or version and session headers. */
export function messageOf(
	method: string,
	params: IDataObject,
	revision: NegotiatedRevision,
	id: number | undefined,
	initialize = false,
): OutgoingMessage {
	const headers: IDataObject = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };
	let finalParams: IDataObject = params;
	if (revision.modern) {
		const meta = (params._meta as IDataObject | undefined) ?? {};
		finalParams = {
			...params,
			_meta: {
				...meta,
				[META_PROTOCOL_VERSION]: MODERN_REVISION,
				[META_CLIENT_CAPABILITIES]: {},
				[META_CLIENT_INFO]: CLIENT_INFO,
			},
		};
		headers['MCP-Protocol-Version'] = MODERN_REVISION;
		headers['Mcp-Method'] = headerSafe(method);
		const name = mcpNameOf(method, params);
		if (name !== undefined) headers['Mcp-Name'] = headerSafe(name);
	} else if (!initialize) {
		if (sendsVersionHeader(revision.revision)) headers['MCP-Protocol-Version'] = revision.revision;
		if (revision.sessionId) headers['Mcp-Session-Id'] = revision.sessionId;
	}
	const message: IDataObject = { jsonrpc: '2.0', method, params: finalParams };
	if (id !== undefined) message.id = id;
	return { headers, body: JSON.stringify(message), id };
}

/** A modern result without its `resultType`, as the callers read results. */
export function withoutResultType(result: IDataObject): IDataObject {
	const rest = { ...result };
	delete rest.resultType;
	return rest;
}
