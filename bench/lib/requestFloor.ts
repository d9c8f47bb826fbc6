/**
 * The least a node can do for a read: a node that only sends each item's request through n8n's request helper
 * (`helpers.httpRequest`, the way every community node must send one), all at once as the HTTP Request node sends
 * them (10 at once, Svc's default, took about a tenth longer), and outputs the answer. No parameter is resolved per
 * item, no answer checked: what a read costs before any node's own code.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeParameters, INodeType } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import type { Kind } from './peers';
import type { WriteReady } from './writeSimulator';

export const REQUEST_FLOOR_TYPE = 'n8n-nodes-bench.requestFloor';

class RequestFloor implements INodeType {
	description = {
		displayName: 'Request Floor',
		name: 'requestFloor',
		group: ['transform'],
		version: 1,
		description: 'Sends each item the same request',
		defaults: { name: 'Request Floor' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [
			{ displayName: 'URL', name: 'url', type: 'string', default: '' },
			{ displayName: 'Content Type', name: 'contentType', type: 'string', default: '' },
			{ displayName: 'Body', name: 'body', type: 'string', default: '' },
		],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const url = this.getNodeParameter('url', 0) as string;
		const contentType = this.getNodeParameter('contentType', 0) as string;
		const body = this.getNodeParameter('body', 0) as string;
		const output = items.map(async (_, item) => {
			const json = (await this.helpers.httpRequest({
				method: 'POST',
				url,
				headers: { 'content-type': contentType },
				body,
				json: true,
			})) as IDataObject;
			return { json, pairedItem: { item } };
		});
		return [await Promise.all(output)];
	}
}

/** Makes the floor node runnable in the harness. */
export function loadRequestFloorNode(): void {
	loadPackage().nodeTypes.add(REQUEST_FLOOR_TYPE, new RequestFloor());
}

/** The floor node's parameters for a read: the same request the plain HTTP Request node sends. */
export function floorParameters(ready: WriteReady, kind: Kind, destination: string | number): INodeParameters {
	if (kind === 'getFileInfo') {
		const { user, token } = ready.storage;
		const body = new URLSearchParams({ user, user_access_token: token, file_hash: String(destination) });
		return {
			url: `${ready.baseUrl}/api_v2/get_file_info`,
			contentType: 'application/x-www-form-urlencoded',
			body: body.toString(),
		};
	}
	if (kind === 'getTask') {
		const { user, token } = ready.dvs;
		return {
			url: `${ready.baseUrl}/api_dvs/task/get_document`,
			contentType: 'application/json',
			body: JSON.stringify({ user, user_access_token: token, dvs_document_id: Number(destination) }),
		};
	}
	throw new Error(`the request floor measures reads only, not ${kind}`);
}
