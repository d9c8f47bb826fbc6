import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(html: string): string {
	return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
		if (entity.startsWith('#')) {
			const hex = entity[1] === 'x' || entity[1] === 'X';
			const code = hex ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
			return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
	});
}

function comparable(text: string): string {
	return text
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/\s+/g, ' ')
		.trim();
}

/**
 * Whether a comment's `html` as read back is the text we sent. The service stores the text
 * HTML-escaped and documents reading it back "sanitized and decoded"; a server that returns
 * it still escaped (or with `<br>` for line breaks) must match too.
 */
export function isSameCommentText(html: string, sent: string): boolean {
	return readings(html).includes(comparable(sent));
}

/** A comment's text as sent, in the form isSameCommentText compares. */
export function sentCommentText(sent: string): string {
	return comparable(sent);
}

/**
 * What two comments share when a read-back could take one for the other: the text as sent, decoded until no entity
 * is left. A comment's readings (the text as stored, or decoded once) and the text of any comment they match all
 * come to the same, so comments of different keys can be written at once.
 */
export function commentKey(sent: string): string {
	let key = comparable(sent);
	for (let decoded = comparable(decodeEntities(key)); decoded !== key; decoded = comparable(decodeEntities(key)))
		key = decoded;
	return key;
}

/** The forms a comment's `html` as read back may take of the text that was sent (as stored, decoded). */
export function readings(html: string): string[] {
	return [comparable(html), comparable(decodeEntities(html))];
}

/** Text of an HTML value without tags, for comparing an html field with what was sent. */
export function htmlText(html: string): string {
	return comparable(decodeEntities(html.replace(/<[^>]*>/g, ' ')));
}

/** A comment longer than the API takes (svc_dvs_add_comment: 20000 characters) is refused before it is sent. */
export function refuseLongComment(node: INode, comment: string, max: number | undefined, itemIndex: number): void {
	const length = [...comment].length;
	if (max === undefined || length <= max) return;
	throw new NodeOperationError(
		node,
		`The parameter "Comment" is too long for Svc's MCP endpoint (${length} characters with mentions)`,
		{
			itemIndex,
			description:
				`The MCP endpoint takes at most ${max} characters. Shorten the comment, or use the Svc DVS ` +
				`API credential, which has no such limit.`,
		},
	);
}
