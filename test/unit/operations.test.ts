/** How an operation's declaration is read (operation.ts, router.ts): the action list and the item pacing. */
import type { IExecuteFunctions } from 'n8n-workflow';

import {
	OVER_MCP_ONLY,
	OVER_REST_AND_MCP,
	OVER_REST_ONLY,
	resourceDescription,
	type Operation,
} from '../../nodes/shared/description/operation';
import { itemPace } from '../../nodes/shared/execution/router';

const declared = (name: string, runsOver: Operation<unknown>['runsOver']): Operation<unknown> => ({
	option: { name, action: `${name} a file`, description: `${name} it` },
	access: 'read',
	runsOver,
	returns: 'its result',
	description: [],
	execute: async () => [],
});

const operations = {
	upload: declared('Upload', OVER_REST_AND_MCP),
	delete: declared('Delete', OVER_REST_ONLY),
	search: declared('Search', OVER_MCP_ONLY),
};

it('lists every operation once, by name, saying which runs over one API only', () => {
	const [selector] = resourceDescription('file', operations, 'upload');
	expect(selector).toMatchObject({
		name: 'operation',
		default: 'upload',
		displayOptions: { show: { resource: ['file'] } },
	});
	expect(selector.options).toEqual([
		{ name: 'Delete', value: 'delete', action: 'Delete a file', description: 'Delete it (not over MCP)' },
		{ name: 'Search', value: 'search', action: 'Search a file', description: 'Search it (MCP only)' },
		{ name: 'Upload', value: 'upload', action: 'Upload a file', description: 'Upload it' },
	]);
});

it('says nothing of the other API on a node that shows the resource for one API only', () => {
	const [selector] = resourceDescription('file', operations, 'upload', {
		bothApis: false,
		show: { authentication: ['svcStorageApi'] },
	});
	expect(selector.displayOptions).toEqual({ show: { resource: ['file'], authentication: ['svcStorageApi'] } });
	expect((selector.options as Array<{ description: string }>).map((option) => option.description)).toEqual([
		'Delete it',
		'Search it',
		'Upload it',
	]);
});

function withBatching(batch: Record<string, unknown>): IExecuteFunctions {
	return {
		getNodeParameter: (name: string, _item: number, fallback: unknown) =>
			name === 'options.batching.batch' ? batch : fallback,
	} as unknown as IExecuteFunctions;
}

it.each([
	['a read over REST, Batching unset', 'read', 'rest', {}, { itemsPerBatch: 10, batchIntervalMs: 0 }],
	[
		'a read over REST, 25 at once every 500 ms',
		'read',
		'rest',
		{ batchSize: 25, batchInterval: 500 },
		{ itemsPerBatch: 25, batchIntervalMs: 500 },
	],
	[
		'a read over REST, nonsense Batching',
		'read',
		'rest',
		{ batchSize: 0, batchInterval: -3 },
		{ itemsPerBatch: 10, batchIntervalMs: 0 },
	],
	// A write's items run 50 at once, each write in its turn (writeTurns.ts); the Batching option is a read's.
	['a write over REST', 'write', 'rest', { batchSize: 25 }, { itemsPerBatch: 50, batchIntervalMs: 0 }],
	['a write over MCP', 'write', 'mcp', { batchSize: 25 }, { itemsPerBatch: 50, batchIntervalMs: 0 }],
	['a claiming write over REST', 'claimingWrite', 'rest', { batchSize: 3 }, { itemsPerBatch: 50, batchIntervalMs: 0 }],
	['a claiming write over MCP', 'claimingWrite', 'mcp', {}, { itemsPerBatch: 50, batchIntervalMs: 0 }],
	['a read over MCP', 'read', 'mcp', { batchSize: 25 }, { itemsPerBatch: 1, batchIntervalMs: 0 }],
] as const)('paces %s', (_case, access, api, batch, pace) => {
	expect(itemPace(withBatching(batch), { access }, api)).toEqual(pace);
});
