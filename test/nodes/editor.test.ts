/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * What n8n's editor builds from the built node descriptions, replayed without a browser: the
 * action list (every resource option × each Operation parameter shown for it, ignoring the
 * Authentication choice, as the node panel does), the canvas subtitle, the panel categories and
 * the credential forms.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INode, INodeParameters, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import { actionListOf, editorCredentialsOf, withDefaults } from './editorActions';

const NODES = ['svcStorage', 'svcDvs', 'svcMcp', 'svcStorageTrigger', 'svcDvsTrigger'];
const ACTION_NODES = ['svcStorage', 'svcDvs', 'svcMcp'];

function description(name: string): INodeTypeDescription {
	return loadPackage().nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${name}`).description;
}

it('every node is called Svc …, and Svc MCP is in no category the regular panel hides (AI without a subcategory)', () => {
	for (const name of NODES) expect(description(name).displayName).toMatch(/^Svc /);
	for (const name of NODES) {
		const codex = JSON.parse(
			readFileSync(
				join(
					__dirname,
					'../../dist/nodes',
					`${name[0].toUpperCase()}${name.slice(1)}`,
					`${name[0].toUpperCase()}${name.slice(1)}.node.json`,
				),
				'utf8',
			),
		) as {
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
	if (name === 'svcStorage')
		expect(pairs).toEqual(
			expect.arrayContaining([
				'file:search',
				'file:importFromUrl',
				'folder:move',
				'folder:delete',
				'esignature:getMany',
			]),
		);
	if (name === 'svcDvs')
		expect(pairs).toEqual(expect.arrayContaining(['client:getMany', 'task:create', 'comment:add']));
});

it.each(ACTION_NODES)('%s: the canvas subtitle reads the action in the same words as the action list', (name) => {
	const node = description(name);
	const subtitle = String(node.subtitle);
	const map = JSON.parse(/=\{\{ (\{.*\})\[\$parameter/.exec(subtitle)![1]) as Record<string, string>;
	for (const { resource, operation, action } of actionListOf(node))
		expect(map[`${resource}:${operation}`]).toBe(action);
});

it('Folder → List reads the same as its action ("List a folder")', () => {
	const list = actionListOf(description('svcStorage')).find(
		({ resource, operation }) => resource === 'folder' && operation === 'getContent',
	);
	expect(list?.action).toBe('List a folder');
	const operation = description('svcStorage').properties.find(
		(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes('folder'),
	);
	expect((operation?.options as INodePropertyOptions[]).find((option) => option.value === 'getContent')?.name).toBe(
		'List',
	);
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
	for (const property of visible)
		expect([property.name, typeof property.default === 'string' && property.default.startsWith('=')]).toEqual([
			property.name,
			false,
		]);
	expect(credential.properties.find((property) => property.name === 'authUrl')?.type).toBe('hidden');
	expect(credential.properties.find((property) => property.name === 'accessTokenUrl')?.type).toBe('hidden');
});

describe("the credential a new node starts with, as n8n's editor picks it", () => {
	const saved = (order: string[]) =>
		order.map((type, n) => ({ id: `${type}-1`, type, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString() }));
	const ORDERS = [
		['svcStorageApi', 'svcDvsApi', 'svcMcpApi', 'svcMcpOAuth2Api'],
		['svcMcpOAuth2Api', 'svcMcpApi', 'svcDvsApi', 'svcStorageApi'],
		['svcMcpApi', 'svcStorageApi', 'svcMcpOAuth2Api', 'svcDvsApi'],
	];
	const REST_OF: Record<string, string> = {
		svcStorage: 'svcStorageApi',
		svcStorageTrigger: 'svcStorageApi',
		svcDvs: 'svcDvsApi',
		svcDvsTrigger: 'svcDvsApi',
	};

	it.each(Object.keys(REST_OF))(
		'%s: Authentication is a parameter the panel shows (no "main auth field" that n8n would hide)',
		(name) => {
			const node = description(name);
			expect(editorCredentialsOf(node, {}, []).mainAuthField).toBeUndefined();
			expect(node.properties.find((property) => property.name === 'authentication')?.default).toBe(REST_OF[name]);
		},
	);

	it.each(Object.keys(REST_OF).flatMap((name) => ORDERS.map((order) => [name, order.join(' < ')])))(
		"%s with %s saved (newest last) starts on its own service's credential",
		(name, order) => {
			const node = description(name);
			const picked = editorCredentialsOf(node, {}, saved(order.split(' < ')));
			expect(picked.offeredTypes).toEqual([REST_OF[name]]);
			expect(picked.preselected?.type).toBe(REST_OF[name]);
		},
	);

	it.each(['svcMcpApi', 'svcMcpOAuth2Api'])(
		'choosing Authentication %s offers that credential type only',
		(authentication) => {
			const picked = editorCredentialsOf(description('svcStorage'), { authentication }, saved(ORDERS[0]));
			expect(picked.offeredTypes).toEqual([authentication]);
			expect(picked.preselected?.type).toBe(authentication);
		},
	);

	it('the engine asks for exactly the chosen credential', () => {
		const node = description('svcDvs');
		const needed = (set: INodeParameters) => {
			const parameters = withDefaults(node, set);
			return (node.credentials ?? [])
				.filter((credential) =>
					NodeHelpers.displayParameter(
						parameters,
						credential,
						{ parameters, typeVersion: 1 } as unknown as INode,
						node,
					),
				)
				.map((credential) => credential.name);
		};
		expect(needed({})).toEqual(['svcDvsApi']);
		expect(needed({ authentication: 'svcDvsApi' })).toEqual(['svcDvsApi']);
		expect(needed({ authentication: 'svcMcpOAuth2Api' })).toEqual(['svcMcpOAuth2Api']);
	});

	it('a new credential is named after what it is (n8n drops API, OAuth2 and MCP from the type name and adds "account")', () => {
		const defaultName = (type: string) =>
			`${loadPackage()
				.credentialTypes.getByName(type)
				.displayName.split(' ')
				.filter((word) => !['API', 'OAuth1', 'OAuth2', 'MCP'].includes(word))
				.join(' ')} account`;
		expect(['svcStorageApi', 'svcDvsApi', 'svcMcpApi', 'svcMcpOAuth2Api'].map(defaultName)).toEqual([
			'Svc Storage account',
			'Svc DVS account',
			'Svc MCP-Endpoint account',
			'Svc MCP-Endpoint Sign-In account',
		]);
	});
});

it("the node panel describes Svc Storage and Svc DVS with their triggers' text (n8n merges each pair): it names their actions and their events", () => {
	expect(description('svcStorageTrigger').description).toMatch(/upload.*download.*start a workflow/i);
	expect(description('svcDvsTrigger').description).toMatch(/create.*update.*start a workflow/i);
});

it('the most used resources come first in the action list', () => {
	expect(
		actionListOf(description('svcStorage'))
			.map(({ resource }) => resource)
			.filter((value, n, all) => all.indexOf(value) === n)
			.slice(0, 2),
	).toEqual(['file', 'folder']);
	expect(actionListOf(description('svcDvs'))[0].resource).toBe('task');
});
