/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Node versions as docs/COMPATIBILITY.md promises them: every node version a release shipped (its capture,
 * compat/<version>/parameters.json) is still in the built package with each parameter's name, type, options and
 * default unchanged. A change goes under a new node version; the released one stays as it was.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { captureParameters } from '../../compat/capture-parameters';
import { FIXES_IN_PLACE, unexplainedChanges } from '../../compat/fixes';
import { parameterChanges, parametersInForm, parametersOf, type ParameterCapture } from '../../compat/nodeParameters';
import { nodeDescription, STORAGE_NODE } from '../helpers';

const COMPAT = join(__dirname, '..', '..', 'compat');
const CAPTURES = readdirSync(COMPAT, { withFileTypes: true })
	.filter((entry) => entry.isDirectory() && existsSync(join(COMPAT, entry.name, 'parameters.json')))
	.map((entry) => entry.name);

const captureOf = (release: string) =>
	JSON.parse(readFileSync(join(COMPAT, release, 'parameters.json'), 'utf8')) as ParameterCapture;

it('a release has its parameters captured', () => {
	expect(CAPTURES).toContain('0.1.0');
});

describe.each(CAPTURES)('the node versions %s shipped', (release) => {
	const released = captureOf(release).nodes;
	const built = captureParameters();
	const versions = Object.entries(released).flatMap(([type, byVersion]) =>
		Object.keys(byVersion).map((version) => [type, version] as const),
	);

	it.each(versions)('%s version %s is still there, every parameter as it was', (type, version) => {
		expect(built[type]?.[version]).toBeDefined();
		const tool = `${type}Tool`;
		if (released[tool] || !built[tool]) {
			expect(parameterChanges(released[type][version], built[type][version])).toEqual([]);
			return;
		}
		// Released with its tool inside: the node and its tool node, each with its own parameters.
		expect(parameterChanges(parametersInForm(released[type][version], 'node'), built[type][version])).toEqual([]);
		expect(built[tool][version]).toBeDefined();
		const toolChanges = parameterChanges(parametersInForm(released[type][version], 'tool'), built[tool][version]);
		expect(unexplainedChanges(tool, version, toolChanges)).toEqual([]);
	});
});

it('lets through only the fixes in place compat/fixes.ts names, each of which matches a change', () => {
	const released = captureOf('0.1.0').nodes;
	const built = captureParameters();
	for (const fix of FIXES_IN_PLACE) {
		const type = fix.type.replace(/Tool$/, '');
		const changes = parameterChanges(
			parametersInForm(released[type][fix.version], 'tool'),
			built[fix.type][fix.version],
		);
		expect([fix.type, changes.some((change) => fix.change.test(change))]).toEqual([fix.type, true]);
	}
	expect(
		unexplainedChanges('n8n-nodes-svc.svcStorageTool', '1', [
			'file upload: options › capabilityKeys: default true → false',
		]),
	).toEqual([]);
	expect(
		unexplainedChanges('n8n-nodes-svc.svcStorageTool', '1', ['file upload: options › timeout: default 120000 → 1']),
	).toHaveLength(1);
	expect(
		unexplainedChanges('n8n-nodes-svc.svcStorage', '1', [
			'file upload: options › capabilityKeys: default true → false',
		]),
	).toHaveLength(1);
});

/** The Storage node's description with `change` applied to a copy of its properties. */
function changed(change: (properties: INodeProperties[]) => void): INodeTypeDescription {
	const description = structuredClone(nodeDescription(STORAGE_NODE));
	change(description.properties);
	return description;
}

const find = (properties: INodeProperties[], name: string, operation: string) =>
	properties.find((property) => property.name === name && property.displayOptions?.show?.operation?.[0] === operation)!;

describe('the comparison', () => {
	const before = parametersOf(nodeDescription(STORAGE_NODE), 1);

	it.each([
		['a default', (p: INodeProperties[]) => (find(p, 'limit', 'getContent').default = 100), /default 50 → 100/],
		['a name', (p: INodeProperties[]) => (find(p, 'folderName', 'create').name = 'name'), /folderName.*removed/],
		['a type', (p: INodeProperties[]) => (find(p, 'query', 'search').type = 'number'), /type string → number/],
		[
			'an option',
			(p: INodeProperties[]) => {
				const access = find(p, 'accessType', 'create');
				access.options = access.options!.slice(0, 1);
			},
			/options removed: "LINK"/,
		],
	])('finds %s changed under the same version', (_what, change, expected) => {
		const changes = parameterChanges(before, parametersOf(changed(change), 1));
		expect(changes).toEqual([expect.stringMatching(expected)]);
	});

	it('leaves the released version alone when the change is shown only from a new version on', () => {
		const description = changed((properties) => {
			const limit = find(properties, 'limit', 'getContent');
			const { show, hide } = limit.displayOptions!;
			limit.displayOptions = { show, hide: { ...hide, '@version': [2] } };
			properties.push({ ...limit, default: 100, displayOptions: { show: { ...show, '@version': [2] }, hide } });
		});
		expect(parameterChanges(before, parametersOf(description, 1))).toEqual([]);
		const version2 = parametersOf(nodeDescription(STORAGE_NODE), 2);
		expect(parameterChanges(version2, parametersOf(description, 2))).toEqual([
			expect.stringMatching(/default 50 → 100/),
		]);
	});

	it('lets a version gain parameters and option values', () => {
		const description = changed((properties) => {
			find(properties, 'accessType', 'create').options!.push({ name: 'Public', value: 'PUBLIC' });
			properties.push({ displayName: 'New', name: 'brandNew', type: 'string', default: '' });
		});
		expect(parameterChanges(before, parametersOf(description, 1))).toEqual([]);
	});
});
