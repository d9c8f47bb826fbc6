/**
 * How the docs tests read a user's page: the node each node page is about, the page's prose without code, the
 * labels it names in italics (`*Label*`, a path `*Options* → *Timeout*`) with the text that follows each, and how a
 * page writes a value.
 */
import { readDoc } from './declared';

/** Each node's page, by the node type it is about. */
export const NODE_PAGES: Record<string, string> = {
	'docs/svc-storage.md': 'n8n-nodes-svc.svcStorage',
	'docs/svc-dvs.md': 'n8n-nodes-svc.svcDvs',
	'docs/svc-mcp.md': 'n8n-nodes-svc.svcMcp',
	'docs/svc-storage-trigger.md': 'n8n-nodes-svc.svcStorageTrigger',
	'docs/svc-dvs-trigger.md': 'n8n-nodes-svc.svcDvsTrigger',
};

/**
 * The page's text without code, so `thumb*.php` or `{{ $json.x }}` is not taken for emphasis; with `inlineCode`,
 * inline code keeps its text (without asterisks), for reading a value such as `data`.
 */
export const prose = (page: string, { inlineCode = false } = {}) =>
	readDoc(page)
		.replace(/```[\s\S]*?```/g, '')
		.replace(/`([^`\n]*)`/g, (_code, text: string) => (inlineCode ? text.replace(/\*/g, '') : '``'));

/** Each italic span with the text that follows it on the page. */
export function italics(text: string, following = 80): Array<{ span: string; after: string }> {
	const unbolded = text.replace(/\*\*/g, '\uE000');
	return [...unbolded.matchAll(/\*((?:[^*\n\uE000]|\n(?!\s*\n))+)\*/g)].map((match) => ({
		span: match[1].replace(/\s+/g, ' '),
		after: unbolded
			.slice(match.index! + match[0].length, match.index! + match[0].length + following)
			.replace(/\uE000/g, '**')
			.replace(/\s+/g, ' '),
	}));
}

/** The labels an italic span names: `Options → Timeout` is two. */
export const partsOf = (span: string) => span.split(/\s+→\s+/).map((part) => part.trim());

/** How a page writes a default: a number without its thousands commas, a switch as on or off. */
export const written = (value: unknown): string =>
	typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value).replace(/(\d),(\d)/g, '$1$2');
