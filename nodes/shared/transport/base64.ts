/**
 * Standard padded base64 (the MCP endpoint's rule 3) as bytes; undefined for anything else, never a
 * silent partial decode. Checked in one pass without a regular expression over the whole text
 * (which overflows the stack on a 50 MB blob): Node's decoder skips what is not base64, so the
 * text is valid exactly when nothing was skipped and no URL-safe letter was used.
 */
export function decodeBase64(text: string): Buffer | undefined {
	if (text.length % 4 !== 0 || text.includes('-') || text.includes('_')) return undefined;
	const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
	const bytes = Buffer.from(text, 'base64');
	return bytes.length === (text.length / 4) * 3 - padding ? bytes : undefined;
}
