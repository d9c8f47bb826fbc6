const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#039;' };

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** How the web interface stores typed comment text (PHP htmlspecialchars with ENT_QUOTES). */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]);
}

export function decodeEntities(html: string): string {
	return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
		if (entity[0] === '#') {
			const code =
				entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
			return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
		}
		return NAMED[entity.toLowerCase()] ?? whole;
	});
}

/** Drops what a browser would execute; keeps ordinary markup. */
export function sanitizeHtml(html: string): string {
	return html
		.replace(/<(script|style|iframe|object|embed)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
		.replace(/<(script|style|iframe|object|embed)\b[^>]*\/?>/gi, '')
		.replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
		.replace(/(href|src)\s*=\s*(["']?)\s*javascript:[^"'\s>]*\2/gi, '$1=$2#$2');
}

/**
 * Comment text as get_comments returns it: sanitized, then entities decoded, so text
 * written through add_comment comes back exactly as it was sent (after trimming).
 */
export function commentOutput(storedHtml: string): string {
	return decodeEntities(sanitizeHtml(storedHtml));
}
