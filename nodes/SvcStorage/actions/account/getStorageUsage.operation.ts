import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { accountScript } from './accountScript';

const properties: INodeProperties[] = [optionsCollection()];

export const description = updateDisplayOptions({ show: { resource: ['account'], operation: ['getStorageUsage'] } }, properties);

const FIGURES = ['used_mb', 'quota_mb', 'available_mb', 'free_mb'] as const;

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await accountScript(this, itemIndex, 'get_storage_data', {}, 'read the storage usage');
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
}
