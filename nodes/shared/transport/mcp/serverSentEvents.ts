import type { IDataObject } from 'n8n-workflow';

/** Server-Sent Events as the Streamable HTTP transport reads them: the JSON-RPC answer to one request. */

export type Chunks = AsyncIterable<Buffer | string>;

export function isStream(body: unknown): body is Chunks {
	return !!body && typeof (body as Chunks)[Symbol.asyncIterator] === 'function';
}

export interface StreamState {
	lastEventId?: string;
	retryMs?: number;
}

const EVENT_END = /\r?\n\r?\n/;

/**
 * Reads Server-Sent Events until the JSON-RPC response with `id`; the stream is closed as soon as
 * it has come (a server may keep it open). Events are cut only at their blank line, so a large
 * answer is joined once.
 */
export async function answerFromEvents(stream: Chunks, id: number | undefined, state: StreamState): Promise<unknown> {
	const pending: Buffer[] = [];
	for await (const chunk of stream) {
		const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
		const tail = pending.length ? pending[pending.length - 1].subarray(-3) : Buffer.alloc(0);
		pending.push(buffer);
		if (!EVENT_END.test(Buffer.concat([tail, buffer]).toString('latin1'))) continue;
		const joined = Buffer.concat(pending).toString('utf8');
		const events = joined.split(EVENT_END);
		const rest = events.pop() ?? '';
		pending.length = 0;
		if (rest) pending.push(Buffer.from(rest, 'utf8'));
		for (const event of events) {
			const message = eventMessage(event, state);
			if (message !== undefined && isAnswerTo(message, id)) return message;
		}
	}
	const last = pending.length ? eventMessage(Buffer.concat(pending).toString('utf8'), state) : undefined;
	return last !== undefined && isAnswerTo(last, id) ? last : undefined;
}

function eventMessage(event: string, state: StreamState): unknown {
	const data: string[] = [];
	for (const line of event.split(/\r?\n/)) {
		const colon = line.indexOf(':');
		const field = colon === -1 ? line : line.slice(0, colon);
		const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
		if (field === 'data') data.push(value);
		else if (field === 'id') state.lastEventId = value;
		else if (field === 'retry' && /^\d+$/.test(value)) state.retryMs = Number(value);
	}
	if (!data.length || !data.join('').trim()) return undefined;
	try {
		return JSON.parse(data.join('\n'));
	} catch {
		return undefined;
	}
}

function isAnswerTo(message: unknown, id: number | undefined): boolean {
	if (!message || typeof message !== 'object' || Array.isArray(message)) return false;
	const record = message as IDataObject;
	if (!('result' in record) && !('error' in record)) return false;
	return id === undefined || record.id === id || (record.id === null && 'error' in record);
}
