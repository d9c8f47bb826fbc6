import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { credentialEntries } from '../shared/services/authentication';
import { properties } from './description';
import { searchFolders } from './methods/listSearch';
import { pollStorageTrigger } from './events';

export class SvcStorageTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc Storage Trigger',
		name: 'svcStorageTrigger',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ {"newFile": "New file", "fileUpdated": "File updated", "newFolder": "New folder"}[$parameter["event"]] + " in watched folder" }}',
		description: 'Starts the workflow when a file or folder appears, or a file changes, in a folder of Svc cloud storage',
		defaults: { name: 'Svc Storage Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: credentialEntries('svcStorageApi'),
		properties,
	};

	methods = { listSearch: { searchFolders } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollStorageTrigger.call(this);
	}
}
