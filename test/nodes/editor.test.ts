/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * What n8n's editor builds from the built node descriptions, replayed without a browser: the
 * action list (every resource option × each Operation parameter shown for it, ignoring the
 * Authentication choice, as the node panel does), the canvas subtitle, the panel categories and
 * the credential forms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../harness';
import { actionListOf } from './editorActions';

const NODES = ['svcStorage', 'svcDvs', 'svcMcp', 'svcStorageTrigger', 'svcDvsTrigger'];
const ACTION_NODES = ['svcStorage', 'svcDvs', 'svcMcp'];

function description(name: string): INodeTypeDescription {
	return loadPackage().nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${name}`).description;
}

it('every node is called Svc …, and Svc MCP is in no category the regular panel hides (AI without a subcategory)', () => {
	for (const name of NODES) expect(description(name).displayName).toMatch(/^Svc /);
	for (const name of NODES) {
		const codex = JSON.parse(readFileSync(join(__dirname, '../../dist/nodes', `${name[0].toUpperCase()}${name.slice(1)}`, `${name[0].toUpperCase()}${name.slice(1)}.node.json`), 'utf8')) as {
			categories: string[];
			subcategories?: Record<string, string[]>;
		};
		if (codex.categories.includes('AI')) expect(codex.subcategories?.AI?.length).toBeGreaterThan(0);
	}
});

it.each(ACTION_NODES)('%s: each action is listed exactly once, the MCP-only ones included', (name) => {
	const actions = actionListOf(description(name));
	const pairs = actions.map(({ resource, operation }) => `${resource}:${operation}`);
	expect(pairs.length).toBeGreaterThan(0);
	expect(new Set(pairs).size).toBe(pairs.length);
	expect(actions.every(({ action }) => action && action !== 'undefined')).toBe(true);
	if (name === 'svcStorage') expect(pairs).toEqual(expect.arrayContaining(['file:search', 'file:importFromUrl', 'folder:move', 'folder:delete', 'esignature:getMany']));
	if (name === 'svcDvs') expect(pairs).toEqual(expect.arrayContaining(['client:getMany', 'task:create', 'comment:add']));
});

it.each(ACTION_NODES)('%s: the canvas subtitle reads the action in the same words as the action list', (name) => {
	const node = description(name);
	const subtitle = String(node.subtitle);
	const map = JSON.parse(/=\{\{ (\{.*\})\[\$parameter/.exec(subtitle)![1]) as Record<string, string>;
	for (const { resource, operation, action } of actionListOf(node)) expect(map[`${resource}:${operation}`]).toBe(action);
});

it('Folder → List reads the same as its action ("List a folder")', () => {
	const list = actionListOf(description('svcStorage')).find(({ resource, operation }) => resource === 'folder' && operation === 'getContent');
	expect(list?.action).toBe('List a folder');
	const operation = description('svcStorage').properties.find((property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('folder'));
	expect((operation?.options as INodePropertyOptions[]).find((option) => option.value === 'getContent')?.name).toBe('List');
});

it('the MCP notice is two lines at most; the rest is in the docs', () => {
	for (const name of ['svcStorage', 'svcDvs', 'svcStorageTrigger', 'svcDvsTrigger']) {
		const notice = description(name).properties.find((property) => property.name === 'mcpNotice');
		expect(notice?.displayName.replace(/<[^>]+>/g, '').length).toBeLessThanOrEqual(200);
	}
});

it('the OAuth2 credential shows no field whose default is an expression over other fields (n8n lists them before Base URL)', () => {
	const credential = loadPackage().credentialTypes.getByName('svcMcpOAuth2Api');
	const visible = credential.properties.filter((property) => property.type !== 'hidden');
	for (const property of visible) expect([property.name, typeof property.default === 'string' && property.default.startsWith('=')]).toEqual([property.name, false]);
	expect(credential.properties.find((property) => property.name === 'authUrl')?.type).toBe('hidden');
	expect(credential.properties.find((property) => property.name === 'accessTokenUrl')?.type).toBe('hidden');
});
