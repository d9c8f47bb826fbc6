import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { actionSubtitle } from '../shared/description/common.descriptions';
import { propertiesOf } from '../shared/description/nodeForms';
import { route } from '../shared/execution/router';
import { storageAuthentication, storageCredentials } from '../shared/description/authentication.descriptions';
import * as account from './actions/account';
import * as encryptionKey from './actions/encryptionKey';
import * as esignature from './actions/esignature';
import * as file from './actions/file';
import * as folder from './actions/folder';
import { storageActions } from './actions/router';
import { searchFiles, searchFolders } from './methods/listSearch';

/** The node's parameters and its tool's, told apart by `@tool` (description/nodeForms.ts). */
export const properties: INodeTypeDescription['properties'] = [
	...storageAuthentication,
	{
		displayName: 'Resource',
		name: 'resource',
		type: 'options',
		noDataExpression: true,
		// eslint-disable-next-line n8n-nodes-base/node-param-options-type-unsorted-items -- most used first
		options: [
			{ name: 'File', value: 'file' },
			{ name: 'Folder', value: 'folder' },
			{ name: 'E-Signature', value: 'esignature', description: 'Svc Storage API credential only' },
			{ name: 'Encryption Key', value: 'encryptionKey', description: 'Svc Storage API credential only' },
			{ name: 'Account', value: 'account', description: 'Account scripts (Svc Storage API credential only)' },
		],
		default: 'file',
	},
	...account.description,
	...encryptionKey.description,
	...esignature.description,
	...file.description,
	...folder.description,
];

// eslint-disable-next-line @n8n/community-nodes/node-usable-as-tool -- its tool is SvcStorageTool.node.ts
export class SvcStorage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc Storage',
		name: 'svcStorage',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['input', 'output'],
		// Version 2 leaves capability keys out unless Include Capability Keys is on (docs/COMPATIBILITY.md).
		version: [1, 2],
		defaultVersion: 2,
		subtitle: actionSubtitle(properties),
		description: 'Manage folders, files, e-signatures and encryption keys in Svc cloud storage',
		defaults: { name: 'Svc Storage' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: storageCredentials,
		properties: propertiesOf(properties, 'node'),
	};

	methods = { listSearch: { searchFiles, searchFolders } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, storageActions);
	}
}
