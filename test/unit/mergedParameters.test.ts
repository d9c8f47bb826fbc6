/**
 * Parameters that operations declare alike, merged into one (nodes/shared/description/mergedParameters.ts): at every
 * resource and operation of every node and tool node, with each credential and node version, n8n shows the same
 * parameters in the same order, Options the same options, resolves the same values and finds the same issues as
 * from the parameters as declared; and what may not merge stays apart.
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { mergedParameters } from '../../nodes/shared/description/mergedParameters';
import { declaredPropertiesOf, propertiesOf, type NodeForm } from '../../nodes/shared/description/nodeForms';
import { properties as dvsProperties } from '../../nodes/SvcDvs/SvcDvs.node';
import { properties as mcpProperties } from '../../nodes/SvcMcp/SvcMcp.node';
import { properties as storageProperties } from '../../nodes/SvcStorage/SvcStorage.node';

const PLACE_CONDITIONS = ['resource', 'operation', '/resource', '/operation'];

/** A parameter as the editor shows it where it is shown: its conditions on resource and operation left out. */
function asShown(property: INodeProperties): unknown {
	const show = Object.fromEntries(
		Object.entries(property.displayOptions?.show ?? {}).filter(([key]) => !PLACE_CONDITIONS.includes(key)),
	);
	const { displayOptions, options, ...rest } = property;
	const shownOptions =
		property.type === 'collection' ? undefined : (options as INodeProperties[] | undefined)?.map((option) => option);
	return { ...rest, options: shownOptions, show, hide: displayOptions?.hide };
}

interface Seen {
	resolved: INodeParameters;
	shown: unknown[];
	withOptions: INodeParameters;
	issues: unknown;
}

/** What n8n makes of the properties at one resource and operation: shown, resolved, and with every option set. */
function seenAt(properties: INodeProperties[], values: INodeParameters, version: number): Seen {
	const description = { properties, version } as INodeTypeDescription;
	const node: INode = { id: '1', name: 'n', type: 't', typeVersion: version, parameters: values, position: [0, 0] };
	const resolved = NodeHelpers.getNodeParameters(properties, values, true, false, node, description)!;
	const displayed = properties.filter((property) =>
		NodeHelpers.displayParameter(resolved, property, node, description, resolved),
	);
	const shown: unknown[] = [];
	const set: INodeParameters = { ...values };
	for (const property of displayed) {
		shown.push(asShown(property));
		if (property.type !== 'collection') continue;
		const options = (property.options as INodeProperties[]).filter((option) =>
			NodeHelpers.displayParameter({}, option, node, description, resolved),
		);
		shown.push(options.map(asShown));
		set[property.name] = Object.fromEntries(options.map((option) => [option.name, option.default]));
	}
	const full = { ...node, parameters: set };
	return {
		resolved,
		shown,
		withOptions: NodeHelpers.getNodeParameters(properties, set, true, false, full, description)!,
		issues: NodeHelpers.getNodeParametersIssues(properties, full, description),
	};
}

/** Every resource with each operation its Operation list offers there, under each credential. */
function placesOf(properties: INodeProperties[]): INodeParameters[] {
	const values = (property?: INodeProperties) =>
		((property?.options ?? []) as Array<{ value: string }>).map((option) => option.value);
	const credentials = values(properties.find((property) => property.name === 'authentication'));
	const description = { properties } as INodeTypeDescription;
	const node = { typeVersion: 1 } as INode;
	const places: INodeParameters[] = [];
	for (const authentication of credentials.length ? credentials : [undefined])
		for (const resource of values(properties.find((property) => property.name === 'resource'))) {
			const chosen: INodeParameters = authentication === undefined ? { resource } : { authentication, resource };
			const selectors = properties.filter(
				(property) =>
					property.name === 'operation' && NodeHelpers.displayParameter(chosen, property, node, description),
			);
			for (const operation of selectors.flatMap(values)) places.push({ ...chosen, operation });
		}
	return places;
}

function expectSameAtEveryPlace(declared: INodeProperties[], merged: INodeProperties[], versions: number[]) {
	const places = placesOf(declared);
	expect(places.length).toBeGreaterThan(0);
	for (const version of versions)
		for (const place of places) {
			const at = `${JSON.stringify(place)} version ${version}`;
			expect({ at, ...seenAt(merged, place, version) }).toEqual({ at, ...seenAt(declared, place, version) });
		}
}

const NODES: Array<[string, INodeProperties[]]> = [
	['Svc Storage', storageProperties],
	['Svc DVS', dvsProperties],
	['Svc MCP', mcpProperties],
];
const FORMS: NodeForm[] = ['node', 'tool'];

describe.each(NODES)('%s', (_name, declaration) => {
	it.each(FORMS)('as the %s: the same parameters, options, values and issues at every operation', (form) => {
		expectSameAtEveryPlace(declaredPropertiesOf(declaration, form), propertiesOf(declaration, form), [1, 2]);
	});
});

it('gives Svc Storage one Options collection and Svc DVS three, where each operation declared its own', () => {
	const count = (properties: INodeProperties[]) => properties.filter((property) => property.name === 'options').length;
	expect([storageProperties, dvsProperties].map((declared) => count(declaredPropertiesOf(declared, 'node')))).toEqual([
		27, 22,
	]);
	expect([storageProperties, dvsProperties].map((declared) => count(propertiesOf(declared, 'node')))).toEqual([1, 3]);
});

const selector = (resource: string, operations: string[]): INodeProperties => ({
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	options: operations.map((value) => ({ name: value, value })),
	default: operations[0],
	displayOptions: { show: { resource: [resource] } },
});

const text = (name: string, resource: string, operation: string, description = ''): INodeProperties => ({
	displayName: name,
	name,
	type: 'string',
	default: '',
	description,
	displayOptions: { show: { resource: [resource], operation: [operation] } },
});

const optionsOf = (resource: string, operation: string, options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
	displayOptions: { show: { resource: [resource], operation: [operation] } },
});

const timeout: INodeProperties = { displayName: 'Timeout', name: 'timeout', type: 'number', default: 1 };
const overwrite: INodeProperties = { displayName: 'Overwrite', name: 'overwrite', type: 'boolean', default: false };

const resources = (...names: string[]): INodeProperties => ({
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	options: names.map((value) => ({ name: value, value })),
	default: names[0],
});

describe('mergedParameters', () => {
	it('merges a parameter two operations declare alike, and their Options, the one only one has shown there only', () => {
		const declared = [
			resources('file'),
			selector('file', ['upload', 'move']),
			text('folder', 'file', 'upload'),
			optionsOf('file', 'upload', [overwrite, timeout]),
			text('folder', 'file', 'move'),
			optionsOf('file', 'move', [timeout]),
		];
		const merged = mergedParameters(declared);
		expect(merged.map((property) => property.name)).toEqual(['resource', 'operation', 'folder', 'options']);
		expect(merged[2].displayOptions?.show).toEqual({ resource: ['file'], operation: ['upload', 'move'] });
		expect(merged[3].options).toEqual([
			{ ...overwrite, displayOptions: { show: { '/resource': ['file'], '/operation': ['upload'] } } },
			timeout,
		]);
		expectSameAtEveryPlace(declared, merged, [1]);
	});

	it('keeps apart parameters whose definitions differ, if only in their description', () => {
		const declared = [
			resources('file'),
			selector('file', ['upload', 'move']),
			text('folder', 'file', 'upload', 'Where to upload'),
			text('folder', 'file', 'move', 'Where to move'),
		];
		expect(mergedParameters(declared)).toHaveLength(4);
	});

	it('keeps each operation its order: of two parameters declared in opposite orders, only one merges', () => {
		const declared = [
			resources('file'),
			selector('file', ['upload', 'move']),
			text('first', 'file', 'upload'),
			text('second', 'file', 'upload'),
			text('second', 'file', 'move'),
			text('first', 'file', 'move'),
		];
		const merged = mergedParameters(declared);
		expect(merged).toHaveLength(5);
		expectSameAtEveryPlace(declared, merged, [1]);
	});

	it('keeps apart what one condition cannot state: shown at one operation of each of two resources', () => {
		const declared = [
			resources('file', 'folder'),
			selector('file', ['get', 'delete']),
			selector('folder', ['get', 'delete']),
			text('id', 'file', 'get'),
			text('id', 'folder', 'delete'),
		];
		expect(mergedParameters(declared)).toHaveLength(5);
	});

	it('leaves a node without resources as declared', () => {
		const declared = [selector('file', ['get']), text('id', 'file', 'get'), text('id', 'file', 'get')];
		expect(mergedParameters(declared)).toBe(declared);
	});
});
