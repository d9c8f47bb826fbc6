import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { REST } from '../../../shared/transport/restCatalogue';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Get Storage Usage',
	action: 'Get the storage usage',
	description: 'Get used, free and total storage in megabytes',
};
export const access: Access = 'read';
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [optionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getStorageUsage'] } },
	properties,
);

const FIGURES = ['used_mb', 'quota_mb', 'available_mb', 'free_mb'] as const;

/** What it gives, for the model reading its tool description. */
export const returns = 'used, free and total storage in megabytes';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const body = await storage.accountScript(
		{ row: REST.getStorageData, purpose: 'read the storage usage' },
		{},
		itemIndex,
	);
	// The storage API puts the figures under `data`; a service that sends them at the top level is read too.
	const data = (body.data && typeof body.data === 'object' ? body.data : body) as Record<string, unknown>;
	// The service sends some figures as strings ("quota_mb": "10240"); they become numbers here.
	const figures = Object.fromEntries(
		FIGURES.map((name) => {
			const value = data[name];
			const number = typeof value === 'number' ? value : Number(value);
			return [name, value === undefined || value === null || Number.isNaN(number) ? null : number];
		}),
	);
	return [jsonItem(figures, itemIndex)];
};
