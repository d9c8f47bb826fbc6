import type { INodeExecutionData, INodeType, INodeTypeDescription, IPollFunctions } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { storageCredentials } from '../shared/description/authentication.descriptions';
import { pollOutputWithKeysAsChosen } from '../shared/execution/toolUse';
import { properties } from './description';
import { pollStorageTrigger } from './events';
import { searchFolders } from './methods/listSearch';

export class SvcStorageTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Svc Storage Trigger',
		name: 'svcStorageTrigger',
		icon: { light: 'file:../../icons/svc.svg', dark: 'file:../../icons/svc.dark.svg' },
		group: ['trigger'],
		// Version 2 leaves capability keys out unless Include Capability Keys is on (docs/COMPATIBILITY.md).
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ {"newFile": "New file", "fileUpdated": "File updated", "newFolder": "New folder"}[$parameter["event"]] ' +
			'+ " in watched folder" }}',
		// n8n's node panel lists Svc Storage and this trigger as one entry with the trigger's description
		// (useActionsGeneration: "default to trigger description"), so it speaks for both.
		description:
			'Upload, download and organize files and folders in Svc cloud storage, or start a workflow ' +
			'when a file or folder appears or changes',
		defaults: { name: 'Svc Storage Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: storageCredentials,
		properties,
	};

	methods = { listSearch: { searchFolders } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return pollOutputWithKeysAsChosen(this, await pollStorageTrigger.call(this));
	}
}
