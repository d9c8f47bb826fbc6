import { ToolError } from './types';

// A flat character class (no repeated group): V8 would overflow its stack on megabytes.
const base64Alphabet = /^[A-Za-z0-9+/]*={0,2}$/;

/** Standard padded base64 only: no whitespace, no URL-safe alphabet, no data: prefix. */
export function decodeContent(content: string, encoding: 'utf8' | 'base64'): Buffer {
	if (encoding === 'utf8') return Buffer.from(content, 'utf8');
	if (/^data:/i.test(content))
		throw new ToolError('invalid_argument', 'content must be bare base64, without a data: URL prefix');
	if (/\s/.test(content))
		throw new ToolError('invalid_argument', 'base64 content must not contain whitespace or line breaks');
	if (content.length % 4 !== 0 || !base64Alphabet.test(content))
		throw new ToolError('invalid_argument', 'content is not standard padded base64');
	return Buffer.from(content, 'base64');
}

const MIME_BY_EXTENSION: Record<string, string> = {
	txt: 'text/plain',
	md: 'text/markdown',
	csv: 'text/csv',
	html: 'text/html',
	htm: 'text/html',
	json: 'application/json',
	xml: 'application/xml',
	yaml: 'application/yaml',
	yml: 'application/yaml',
	js: 'text/javascript',
	pdf: 'application/pdf',
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	gif: 'image/gif',
	webp: 'image/webp',
	svg: 'image/svg+xml',
	zip: 'application/zip',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	bin: 'application/octet-stream',
};

/** Client-supplied MIME metadata is not trusted: the type follows the stored name. */
export function mimeTypeFor(fileName: string): string {
	const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
	return (extension && MIME_BY_EXTENSION[extension]) || 'application/octet-stream';
}

export function isTextMime(mime: string): boolean {
	return (
		/^text\//.test(mime) ||
		/^application\/(json|xml|yaml|x-yaml|javascript|sql)$/.test(mime) ||
		/\+(json|xml)$/.test(mime)
	);
}

/** The bytes as UTF-8 text, unchanged (a byte order mark stays in the text), or undefined when they are not UTF-8. */
export function decodeUtf8(bytes: Buffer): string | undefined {
	try {
		return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
	} catch {
		return undefined;
	}
}

/** Names a user could type in the web UI: no separators, control characters or dot names. */
export function checkItemName(name: string, argument: string): string {
	const trimmed = name.trim();
	// eslint-disable-next-line no-control-regex
	if (trimmed === '' || trimmed === '.' || trimmed === '..' || /[/\\\u0000-\u001f]/.test(trimmed)) {
		throw new ToolError('invalid_argument', `${argument} is not a valid name`);
	}
	return trimmed;
}
