import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { authenticationProperties, credentialEntries, mcpOnly, restOnly } from '../shared/services/select';
import * as account from './actions/account';
import * as encryptionKey from './actions/encryptionKey';
import * as esignature from './actions/esignature';
import * as file from './actions/file';
import * as folder from './actions/folder';
import { router } from './actions/router';
import { searchFiles, searchFolders } from './methods/listSearch';

export class SvcStorage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc Storage',
		name: 'svcStorage',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['input', 'output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage folders, files, e-signatures and encryption keys in Svc cloud storage',
		defaults: { name: 'Svc Storage' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialEntries('svcStorageApi'),
		properties: [
			...authenticationProperties('svcStorageApi', 'Svc Storage API'),
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				displayOptions: restOnly('svcStorageApi'),
				options: [
					{ name: 'Account', value: 'account' },
					{ name: 'E-Signature', value: 'esignature' },
					{ name: 'Encryption Key', value: 'encryptionKey' },
					{ name: 'File', value: 'file' },
					{ name: 'Folder', value: 'folder' },
				],
				default: 'file',
			},
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				displayOptions: mcpOnly,
				options: [
					{ name: 'File', value: 'file' },
					{ name: 'Folder', value: 'folder' },
				],
				default: 'file',
				description: 'E-signatures, encryption keys and account scripts need the Svc Storage API credential',
			},
			...account.description,
			...encryptionKey.description,
			...esignature.description,
			...file.description,
			...folder.description,
		],
	};

	methods = { listSearch: { searchFiles, searchFolders } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
