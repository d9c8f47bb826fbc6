/** What an AI tool's model is told (modelInputs.ts) and never given (toolUse.ts), decided alone. */
import type { INodeProperties } from 'n8n-workflow';

import { withModelInputs } from '../../nodes/shared/description/modelInputs';
import { withoutCapabilityKeys } from '../../nodes/shared/execution/toolUse';

const folder: INodeProperties = {
	displayName: 'Folder',
	name: 'folder',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'Folder to list',
	modes: [{ displayName: 'From List', name: 'list', type: 'list', typeOptions: { searchListMethod: 'searchFolders' } }],
	displayOptions: { show: { resource: ['folder'], operation: ['getContent'] } },
};
const limit: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	default: 50,
	description: 'Max number of results to return',
};
const choices = [
	{ name: 'Private', value: 'PRIVATE' },
	{ name: 'Link', value: 'LINK' },
];
const access: INodeProperties = {
	displayName: 'Access Type',
	name: 'accessType',
	type: 'options',
	default: 'PRIVATE',
	options: choices,
};
const mode: INodeProperties = {
	displayName: 'Arguments',
	name: 'argumentsMode',
	type: 'options',
	default: 'mapper',
	options: [],
};

it('gives each input a model fills a twin shown only to tools, whose default lets the model define it, described', () => {
	const [original, twin] = withModelInputs([folder]);
	expect(original.displayOptions).toEqual({
		show: { resource: ['folder'], operation: ['getContent'] },
		hide: { '@tool': [true] },
	});
	expect(twin).toMatchObject({
		name: 'folder',
		type: 'string',
		required: true,
		displayOptions: { show: { resource: ['folder'], operation: ['getContent'], '@tool': [true] } },
	});
	expect(twin.default).toBe(
		"={{ $fromAI('folder', `Folder to list. Give the folder's hash from a listing, its path from ROOT such as /Documents/Reports, or its exact name when only one folder has it.`, 'string') }}",
	);
});

it.each([
	[
		'an optional number keeps its default, so the model may leave it out',
		limit,
		"={{ $fromAI('limit', `Max number of results to return. Optional.`, 'number', 50) }}",
	],
	[
		'a choice lists its values',
		access,
		"={{ $fromAI('accessType', `Access Type. One of: PRIVATE, LINK. Optional.`, 'string', 'PRIVATE') }}",
	],
] as Array<[string, INodeProperties, string]>)('%s', (_case, property, expected) => {
	expect(withModelInputs([property])[1].default).toBe(expected);
});

it('leaves alone what the person setting up the tool chooses', () => {
	expect(withModelInputs([mode])).toEqual([mode]);
});

it('leaves capability keys and tokens out of a tool result, at any depth, and nothing else', () => {
	const item = {
		folder_hash: 'h1',
		folder_name: 'Documents',
		folder_edit_key: 'e'.repeat(32),
		folder_upload_key: 'u'.repeat(32),
		items: [{ file_hash: 'f1', file_delete_key: 'd'.repeat(32), size: 3 }],
		account: { user_access_token: 't', root_upload_key: 'r', session_id: 's', user_id: 5 },
	};
	expect(withoutCapabilityKeys(item)).toEqual({
		folder_hash: 'h1',
		folder_name: 'Documents',
		items: [{ file_hash: 'f1', size: 3 }],
		account: { user_id: 5 },
	});
});
