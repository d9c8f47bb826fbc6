/** Whether a file name passes the trigger's name pattern and extension filters. */
export type NameFilter = (fileName: string) => boolean;

function wildcardRegExp(pattern: string): RegExp {
	const source = [...pattern]
		.map((char) => (char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
		.join('');
	return new RegExp(`^${source}$`, 'is');
}

/** Extensions as typed ("pdf, .DOCX") in lower case without dots; empty when none. */
export function parseExtensions(text: string): string[] {
	return text
		.split(/[\s,;]+/)
		.map((entry) => entry.trim().replace(/^\.+/, '').toLowerCase())
		.filter(Boolean);
}

export function nameFilter(namePattern: string, extensions: string[]): NameFilter {
	const pattern = namePattern.trim() ? wildcardRegExp(namePattern.trim()) : undefined;
	const wanted = new Set(extensions);
	return (fileName) => {
		if (pattern && !pattern.test(fileName)) return false;
		if (wanted.size === 0) return true;
		const dot = fileName.lastIndexOf('.');
		return dot > 0 && wanted.has(fileName.slice(dot + 1).toLowerCase());
	};
}
