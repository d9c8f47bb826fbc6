import type { DocEntry } from './corpus';
import { publishedDocs } from './corpus';

/** Latvian keywords mapped to the English words the documents use (keyword, not semantic). */
const ALIASES: Record<string, string> = {
	mape: 'folder',
	mapes: 'folder',
	mapi: 'folder',
	fails: 'file',
	faili: 'file',
	faila: 'file',
	failu: 'file',
	augšupielāde: 'upload',
	augšupielādēt: 'upload',
	lejupielāde: 'download',
	pārdēvēt: 'rename',
	pārvietot: 'move',
	meklēt: 'search',
	uzdevums: 'task',
	uzdevumi: 'task',
	komentārs: 'comment',
	projekts: 'project',
	atļauja: 'permission',
	autentifikācija: 'authentication',
};

export interface DocHit {
	doc: DocEntry;
	score: number;
	snippet: string;
}

function terms(query: string): string[] {
	const words = query
		.toLowerCase()
		.split(/[^\p{L}\p{N}_:-]+/u)
		.filter((w) => w.length > 1);
	return [...new Set(words.map((w) => ALIASES[w] ?? w))];
}

function count(haystack: string, needle: string): number {
	let n = 0;
	for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) n++;
	return n;
}

function snippetOf(text: string, needle: string): string {
	const flat = text.replace(/\s+/g, ' ');
	const at = Math.max(0, flat.toLowerCase().indexOf(needle));
	const start = Math.max(0, at - 60);
	return `${start > 0 ? '…' : ''}${flat.slice(start, start + 180).trim()}${start + 180 < flat.length ? '…' : ''}`;
}

/** Every term must occur; the score weighs title hits three times. */
export function searchDocs(query: string, limit: number): DocHit[] {
	const wanted = terms(query);
	if (wanted.length === 0) return [];
	const hits: DocHit[] = [];
	for (const doc of publishedDocs()) {
		const title = doc.title.toLowerCase();
		const text = doc.text.toLowerCase();
		const counts = wanted.map((t) => 3 * count(title, t) + count(text, t));
		if (counts.some((c) => c === 0)) continue;
		hits.push({ doc, score: counts.reduce((a, b) => a + b, 0), snippet: snippetOf(doc.text, wanted[0]) });
	}
	return hits.sort((a, b) => b.score - a.score || a.doc.name.localeCompare(b.doc.name)).slice(0, limit);
}
