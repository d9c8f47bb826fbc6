/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The users' pages name what a user sees in n8n in italics: `*Label*`, a path `*Options* → *Timeout*`. Each such
 * label is one the editor shows, as n8n loads the built package: on a node's page, that node's parameter, option or
 * choice (or a credential's field, or a word of n8n's own screens); on the other pages, any of the package's. A
 * default a page states, `*Max Items per Poll* (default 100)` or `*Keep Both* (default)`, is the node's, and a
 * number whose label does not name its unit is given with it everywhere: `*Timeout* (milliseconds, default 120000)`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { readDoc, ROOT } from './declared';
import { credentialLabels, everyLabel, N8N_LABELS, nodeLabels, type Label } from './labels';
import { italics, NODE_PAGES, partsOf, prose, written } from './pageText';

const PAGES = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md') && !['DEVELOPMENT.md', 'COMPATIBILITY.md'].includes(name))
		.map((name) => `docs/${name}`),
];

/** The labels a page may name: its node's (all the package's on the other pages), the credentials', n8n's own. */
function labelsFor(page: string): Map<string, Label[]> {
	const type = NODE_PAGES[page];
	const labels = type
		? [...nodeLabels(type), ...credentialLabels(), ...N8N_LABELS.map((label) => ({ label }))]
		: everyLabel();
	const byName = new Map<string, Label[]>();
	for (const label of labels) byName.set(label.label, [...(byName.get(label.label) ?? []), label]);
	return byName;
}

/** The unit a number parameter is in when its label does not say it, from its description. */
function unnamedUnit(property: Label['property']): string | undefined {
	if (!property || property.type !== 'number') return undefined;
	const unit = /\bin (milliseconds|seconds|minutes)\b/.exec(property.description ?? '')?.[1];
	return unit && !new RegExp(unit.slice(0, 3), 'i').test(property.displayName) ? unit : undefined;
}

/**
 * The default a page's parenthesis states: `(default 100)`, `(milliseconds, default 120000)`, `(default on)`,
 * `(default)` after a choice.
 */
const statedDefault = (after: string): string | undefined => /^ \(([^)]*\b)?default\b ?([^),;:]*)/.exec(after)?.[2];

/**
 * Whether `stated` is the default of one of the parameters the label names (or the label is its default choice);
 * n8n's own settings are not the package's to check.
 */
function isDefault(labels: Label[], stated: string): boolean {
	if (labels.every(({ property, choiceOf }) => !property && !choiceOf)) return true;
	return labels.some(({ property, choiceOf, value }) => {
		if (choiceOf) return stated === '' && choiceOf.default === value;
		if (!property || stated === '') return false;
		const choice = (property.options as Array<{ name: string; value: unknown }> | undefined)?.find(
			(option) => option.value === property.default,
		);
		return [written(property.default), choice?.name].includes(written(stated));
	});
}

/** Words of the package's insides that mean nothing to a user: how the nodes are built, the service's scripts. */
const INSIDE_WORDS = [/\bby identity\b/i, /\blooks once\b/i, /taken for one another/i, /\bsuccessor\b/i, /\.php\b/];

describe.each(PAGES)('%s', (page) => {
	const known = labelsFor(page);
	const spans = italics(prose(page));

	it('speaks a user’s words, not the package’s insides', () => {
		expect(INSIDE_WORDS.filter((word) => word.test(readDoc(page))).map(String)).toEqual([]);
	});

	it('names in italics only labels n8n shows for the package, or words of n8n’s own screens', () => {
		const unknown = spans.flatMap(({ span }) => partsOf(span).filter((part) => !known.has(part)));
		expect([...new Set(unknown)]).toEqual([]);
	});

	it('states only the defaults the nodes have', () => {
		// Read with inline code's text, so a default such as `data` is read as it stands.
		const wrong = italics(prose(page, { inlineCode: true })).flatMap(({ span, after }) => {
			const stated = statedDefault(after)?.replace(/\*/g, '');
			const label = partsOf(span).at(-1)!;
			if (stated === undefined || !known.has(label)) return [];
			return isDefault(known.get(label)!, stated.trim()) ? [] : [`*${span}* (… default ${stated})`];
		});
		expect(wrong).toEqual([]);
	});

	it('gives a number’s unit wherever it names a label that does not say it', () => {
		const bare = spans.flatMap(({ span, after }) => {
			const label = partsOf(span).at(-1)!;
			const unit = (known.get(label) ?? []).map(({ property }) => unnamedUnit(property)).find(Boolean);
			return unit && !after.startsWith(` (${unit}`) ? [`*${span}*${after.slice(0, 30)}`] : [];
		});
		expect(bare).toEqual([]);
	});
});
