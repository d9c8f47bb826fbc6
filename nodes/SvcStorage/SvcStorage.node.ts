import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { actionSubtitle, choice } from '../shared/descriptions';
import { authenticationProperties, credentialEntries } from '../shared/authenticationDescriptions';
import * as account from './actions/account';
import * as encryptionKey from './actions/encryptionKey';
import * as esignature from './actions/esignature';
import * as file from './actions/file';
import * as folder from './actions/folder';
import { storageActions } from './actions/router';
import { route } from '../shared/router';
import { searchFiles, searchFolders } from './methods/listSearch';

const properties: INodeProperties[] = [
	...authenticationProperties('svcStorageApi', 'Svc Storage API'),
	// Most used first: n8n's action list shows the resources in this order.
	choice({ displayName: 'Resource', name: 'resource', noDataExpression: true, default: 'file' }, [
		['File', 'file'],
		['Folder', 'folder'],
		['E-Signature', 'esignature', 'Svc Storage API credential only'],
		['Encryption Key', 'encryptionKey', 'Svc Storage API credential only'],
		['Account', 'account', 'Account scripts (Svc Storage API credential only)'],
	]),
	...account.description,
	...encryptionKey.description,
	...esignature.description,
	...file.description,
	...folder.description,
];

export class SvcStorage implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc Storage',
		name: 'svcStorage',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['input', 'output'],
		version: 1,
		subtitle: actionSubtitle(properties),
		description: 'Manage folders, files, e-signatures and encryption keys in Svc cloud storage',
		defaults: { name: 'Svc Storage' },
		// The tool node's text in n8n's panel; the model reads each operation's own Tool Description
		// (shared/toolDescriptions.ts).
		usableAsTool: {
			replacements: {
				description:
					"Works in the user's Svc cloud storage: lists, reads, creates, renames, moves and uploads " +
					'folders and files. A folder or file is given by its hash, its path from ROOT (/Documents/Reports) ' +
					'or its exact name. Returns JSON items with names, hashes, sizes and dates, never edit, upload ' +
					'or delete keys.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialEntries('svcStorageApi'),
		properties,
	};

	methods = { listSearch: { searchFiles, searchFolders } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, storageActions);
	}
}
