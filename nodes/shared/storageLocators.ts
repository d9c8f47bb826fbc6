import type { INodeProperties } from 'n8n-workflow';

import type { LocatorOptions } from './locator';
import { listOrIdLocator } from './locator';

export type { LocatorOptions } from './locator';

const HASH_VALIDATION = [
	{
		type: 'regex' as const,
		properties: { regex: '^\\S+$', errorMessage: 'A hash has no spaces: paste the whole value the service returned' },
	},
];

/** A folder picked from a list browsed from ROOT, or given by hash. */
export function folderLocator(options: LocatorOptions): INodeProperties {
	return listOrIdLocator(options, {
		searchListMethod: 'searchFolders',
		noun: 'folder',
		idMode: { displayName: 'By Hash', placeholder: 'e.g. Xk9fQ2mB7a', validation: HASH_VALIDATION },
	});
}

/** A file picked from a list browsed from ROOT, or given by hash. */
export function fileLocator(options: LocatorOptions): INodeProperties {
	return listOrIdLocator(options, {
		searchListMethod: 'searchFiles',
		noun: 'file',
		idMode: { displayName: 'By Hash', placeholder: 'e.g. q7Lm2Pz0Rt4', validation: HASH_VALIDATION },
	});
}
