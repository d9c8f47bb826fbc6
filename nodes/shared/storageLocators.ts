import type { INodeProperties } from 'n8n-workflow';

export interface LocatorOptions {
	name: string;
	displayName: string;
	description?: string;
	required?: boolean;
	show?: Record<string, string[]>;
}

const HASH_VALIDATION = [
	{
		type: 'regex' as const,
		properties: { regex: '^\\S+$', errorMessage: 'A hash has no spaces: paste the whole value the service returned' },
	},
];

/** A folder picked from a list browsed from ROOT, or given by hash. */
export function folderLocator(options: LocatorOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a folder...',
				typeOptions: { searchListMethod: 'searchFolders', searchable: true },
			},
			{
				displayName: 'By Hash',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. Xk9fQ2mB7a',
				validation: HASH_VALIDATION,
			},
		],
		...(options.show ? { displayOptions: { show: options.show } } : {}),
	};
}

/** A file picked from a list browsed from ROOT, or given by hash. */
export function fileLocator(options: LocatorOptions): INodeProperties {
	return {
		displayName: options.displayName,
		name: options.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: options.required ?? true,
		description: options.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select a file...',
				typeOptions: { searchListMethod: 'searchFiles', searchable: true },
			},
			{
				displayName: 'By Hash',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. q7Lm2Pz0Rt4',
				validation: HASH_VALIDATION,
			},
		],
		...(options.show ? { displayOptions: { show: options.show } } : {}),
	};
}
