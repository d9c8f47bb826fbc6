import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { actionSubtitle } from '../shared/descriptions';
import { nodeDescription, resourceProperties } from '../shared/nodeDescription';
import { route } from '../shared/router';
import { authenticationProperties, credentialEntries } from '../shared/authenticationDescriptions';
import * as account from './actions/account';
import * as encryptionKey from './actions/encryptionKey';
import * as esignature from './actions/esignature';
import * as file from './actions/file';
import * as folder from './actions/folder';
import { storageActions } from './actions/router';
import { searchFiles, searchFolders } from './methods/listSearch';

const properties = [
	...authenticationProperties('svcStorageApi', 'Svc Storage API'),
	...resourceProperties(
		'file',
		[
			['File', 'file'],
			['Folder', 'folder'],
			['E-Signature', 'esignature', 'Svc Storage API credential only'],
			['Encryption Key', 'encryptionKey', 'Svc Storage API credential only'],
			['Account', 'account', 'Account scripts (Svc Storage API credential only)'],
		],
		{ account, encryptionKey, esignature, file, folder },
	),
];

export class SvcStorage implements INodeType {
	description: INodeTypeDescription = {
		...nodeDescription({
			displayName: 'Svc Storage',
			name: 'svcStorage',
			group: ['input', 'output'],
			description: 'Manage folders, files, e-signatures and encryption keys in Svc cloud storage',
			credentials: credentialEntries('svcStorageApi'),
			properties,
		}),
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		subtitle: actionSubtitle(properties),
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
	};

	methods = { listSearch: { searchFiles, searchFolders } };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this, storageActions);
	}
}
