/**
 * The least a node can do for a read: a node that only sends each item's request through n8n's request helper
 * (`helpers.httpRequest`, the way every community node must send one), all at once as the HTTP Request node sends
 * them (10 at once, Svc's default, took about a tenth longer), or At Once at a time (as a node's own pace sends them),
 * and outputs the answer. No parameter is resolved per item, no answer checked: what a read costs before any node's
 * own code.
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
			{ displayName: 'At Once', name: 'atOnce', type: 'number', default: 0 },
		],
	} as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const url = this.getNodeParameter('url', 0) as string;
		const contentType = this.getNodeParameter('contentType', 0) as string;
		const body = this.getNodeParameter('body', 0) as string;
		const atOnce = (this.getNodeParameter('atOnce', 0) as number) || items.length;
		const output: INodeExecutionData[] = new Array(items.length);
		let next = 0;
		// Each lane sends the next item's request once its own has answered: at most atOnce in flight.
		const lane = async () => {
			for (let item = next++; item < items.length; item = next++) {
				const json = (await this.helpers.httpRequest({
					method: 'POST',
					url,
					headers: { 'content-type': contentType },
					body,
					json: true,
				})) as IDataObject;
				output[item] = { json, pairedItem: { item } };
			}
		};
		await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
		return [output];
	}
}

/** Makes the floor node runnable in the harness. */
export function loadRequestFloorNode(): void {
	loadPackage().nodeTypes.add(REQUEST_FLOOR_TYPE, new RequestFloor());
}

/** The floor node's parameters for a read: the same request the plain HTTP Request node sends. */
export function floorParameters(
	ready: WriteReady,
	kind: Kind,
	destination: string | number,
	atOnce = 0,
): INodeParameters {
	if (kind === 'getFileInfo') {
		const { user, token } = ready.storage;
		const body = new URLSearchParams({ user, user_access_token: token, file_hash: String(destination) });
		return {
			url: `${ready.baseUrl}/api_v2/get_file_info`,
			contentType: 'application/x-www-form-urlencoded',
			body: body.toString(),
			atOnce,
		};
	}
	if (kind === 'getTask') {
		const { user, token } = ready.dvs;
		return {
			url: `${ready.baseUrl}/api_dvs/task/get_document`,
			contentType: 'application/json',
			body: JSON.stringify({ user, user_access_token: token, dvs_document_id: Number(destination) }),
			atOnce,
		};
	}
	throw new Error(`the request floor measures reads only, not ${kind}`);
}
