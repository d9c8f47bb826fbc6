/**
 * The node and its tool node from one declaration (nodes/shared/description/nodeForms.ts): each gets the parameters
 * its `@tool` conditions give it, with the condition taken out and every other condition kept; and a release's
 * parameter capture, made when n8n derived the tool from the node, read as each of the two nodes.
 */
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

import { parametersInForm } from '../../compat/nodeParameters';
import { propertiesOf, toolNodeDescription } from '../../nodes/shared/description/nodeForms';

const shown = (show: Record<string, unknown[]>, hide?: Record<string, unknown[]>): INodeProperties['displayOptions'] =>
	({ show, ...(hide ? { hide } : {}) }) as INodeProperties['displayOptions'];

const declared: INodeProperties[] = [
	{ displayName: 'Resource', name: 'resource', type: 'options', options: [], default: 'file' },
	{
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		default: 'Uploads a file.',
		displayOptions: shown({ '@tool': [true], resource: ['file'] }),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		displayOptions: shown({ resource: ['file'] }, { '@tool': [true] }),
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: "={{ $fromAI('name') }}",
		displayOptions: shown({ '@tool': [true], resource: ['file'] }),
	},
	{
		displayName: 'Followers',
		name: 'followers',
		type: 'multiOptions',
		options: [],
		default: [],
		displayOptions: { hide: { '@tool': [true] } },
	},
];

describe('propertiesOf', () => {
	it('gives the node its own parameters, the `@tool` condition out and the others kept', () => {
		expect(propertiesOf(declared, 'node')).toEqual(
			[
				declared[0],
				{ ...declared[2], displayOptions: { show: { resource: ['file'] } } },
				{ ...declared[4], displayOptions: undefined },
			].map((property) => JSON.parse(JSON.stringify(property))),
		);
	});

	it('gives the tool its Tool Description and model inputs in place of the parameters the model fills', () => {
		const tool = propertiesOf(declared, 'tool');
		expect(tool.map((property) => [property.name, property.default])).toEqual([
			['resource', 'file'],
			['toolDescription', 'Uploads a file.'],
			['name', "={{ $fromAI('name') }}"],
		]);
		expect(tool[2].displayOptions).toEqual({ show: { resource: ['file'] } });
	});

	it('leaves a node without `@tool` conditions as it is', () => {
		expect(propertiesOf([declared[0]], 'node')[0]).toBe(declared[0]);
	});
});

it('makes the tool node as n8n offers a tool: an ai_tool output, no input, Tool after name and type', () => {
	const node = {
		displayName: 'Svc Storage',
		name: 'svcStorage',
		description: 'Manage files',
		inputs: ['main'],
		outputs: ['main'],
		properties: declared,
	} as unknown as INodeTypeDescription;
	const tool = toolNodeDescription(node, declared, 'Works in the storage.');
	expect(tool).toMatchObject({
		displayName: 'Svc Storage Tool',
		name: 'svcStorageTool',
		description: 'Works in the storage.',
		inputs: [],
		outputs: ['ai_tool'],
	});
	expect(tool.properties).toEqual(propertiesOf(declared, 'tool'));
});

describe('parametersInForm', () => {
	const promise = { type: 'string', default: '""' };
	const released = {
		resource: { type: 'options', default: '"file"' },
		'toolDescription {"show":{"@tool":[true],"resource":["file"]}}': {
			type: 'string',
			default: '(text a model reads)',
		},
		'name {"hide":{"@tool":[true]},"show":{"resource":["file"]}}': promise,
		'name {"show":{"@tool":[true],"resource":["file"]}}': { type: 'string', default: "={{ $fromAI('name') }}" },
		'options {"show":{"resource":["file"]}} › timeout': promise,
	};

	it('reads a release of the node with its tool inside as the node', () => {
		expect(parametersInForm(released, 'node')).toEqual({
			resource: released.resource,
			'name {"show":{"resource":["file"]}}': promise,
			'options {"show":{"resource":["file"]}} › timeout': promise,
		});
	});

	it('and as its tool node', () => {
		expect(Object.keys(parametersInForm(released, 'tool'))).toEqual([
			'resource',
			'toolDescription {"show":{"resource":["file"]}}',
			'name {"show":{"resource":["file"]}}',
			'options {"show":{"resource":["file"]}} › timeout',
		]);
	});
});
