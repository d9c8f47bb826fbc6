/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * One name per credential. n8n names a new credential after its type (labels.ts `newCredentialName`), so each of
 * the four types must give its own name on both n8n lines, or a user with both MCP credentials sees two of one
 * name. The pages and the templates' notes name a credential by its type's name (*Svc MCP-Endpoint API*) or by
 * the name n8n gives a new one (*Svc MCP-Endpoint account*), never by another: not "your Svc MCP credential", not a
 * type's former name.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import type { ICredentialType } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import { EXAMPLE_FILES, readExample } from '../../examples/examples';
import { readDoc, ROOT } from './declared';
import { DROPPED_FROM_CREDENTIAL_NAMES, newCredentialName } from './labels';

const TYPES: ICredentialType[] = loadPackage().credentialTypeNames.map((name) =>
	loadPackage().credentialTypes.getByName(name),
);
const LINES = Object.keys(DROPPED_FROM_CREDENTIAL_NAMES) as Array<keyof typeof DROPPED_FROM_CREDENTIAL_NAMES>;
const NAMES = new Set(TYPES.flatMap((type) => [type.displayName, newCredentialName(type)]));

// The CHANGELOG is left out: it names a type's former name where it says what changed.
const PAGES = [
	'README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];

const noteOf = (file: string): string =>
	String(readExample(file).nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')?.parameters.content);

/** The text with code spans and blocks left out, and every run of white space one space (a name may wrap). */
const prose = (text: string) =>
	text
		.replace(/```[\s\S]*?```/g, '')
		.replace(/`[^`\n]*`/g, '``')
		.replace(/[*_]/g, '')
		.replace(/\s+/g, ' ');

/**
 * What the text calls a credential otherwise than by one of its names: "Svc …" ending in API or account that is
 * no type's or new credential's name ("Svc MCP API Key" is an Authentication choice, not a credential's name), and
 * "Svc …" left before "credential" once the names are taken out ("your Svc MCP credential").
 */
function otherNames(text: string): string[] {
	const plain = prose(text);
	const typeLike = [...plain.matchAll(/\bSvc(?: [A-Z][\w-]*)+ (?:API|account)\b(?! Key)/g)]
		.map((match) => match[0])
		.filter((name) => !NAMES.has(name));
	let unnamed = plain;
	for (const name of [...NAMES, ...typeLike].sort((a, b) => b.length - a.length))
		unnamed = unnamed.split(name).join('‹name›');
	const svc = 'Svc(?: [A-Z][\\w-]*)+';
	const loose = new RegExp(`\\b${svc}(?=(?:(?:,| and| or) (?:${svc}|‹name›))* credentials?\\b)`, 'g');
	return [...typeLike, ...[...unnamed.matchAll(loose)].map((match) => `${match[0]} credential`)];
}

it('each credential type gets its own name for a new credential, the same on both n8n lines', () => {
	for (const line of LINES) {
		const names = TYPES.map((type) => newCredentialName(type, line));
		expect([line, new Set(names).size]).toEqual([line, TYPES.length]);
		expect(names).toEqual(TYPES.map((type) => newCredentialName(type)));
	}
	expect(TYPES.map((type) => newCredentialName(type))).toEqual([
		'Svc Storage account',
		'Svc DVS account',
		'Svc MCP-Endpoint account',
		'Svc MCP-Endpoint Sign-In account',
	]);
});

it('the check finds a credential called by another name', () => {
	expect(otherNames('pick your Svc MCP credential, then your *Svc Storage* and Svc DVS API credentials')).toEqual([
		'Svc MCP credential',
		'Svc Storage credential',
	]);
	expect(otherNames('a **Svc MCP-Endpoint OAuth2\nAPI** credential; *Svc MCP API Key*; your Svc account')).toEqual([
		'Svc MCP-Endpoint OAuth2 API',
	]);
	expect(otherNames('the Svc Storage API credential, named *Svc Storage account*')).toEqual([]);
});

describe.each(PAGES)('%s', (page) => {
	it('names each credential by its type or by the name n8n gives a new one', () => {
		expect(otherNames(readDoc(page))).toEqual([]);
	});
});

describe.each(EXAMPLE_FILES)('the note of %s', (file) => {
	it('names each credential by its type', () => {
		expect(otherNames(noteOf(file))).toEqual([]);
	});
});
