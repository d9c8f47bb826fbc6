import type { INodeProperties, INodePropertyModeValidation } from 'n8n-workflow';

export interface LocatorOptions {
	name: string;
	displayName: string;
	description?: string;
	required?: boolean;
	show?: Record<string, string[]>;
}

export interface LocatorModes {
	/** The listSearch method that fills the "From List" mode. */
	searchListMethod: string;
	/** What the list holds, for its placeholder ("folder" → "Select a folder..."). */
	noun: string;
	/** The direct-entry mode: "By Hash" or "By ID", with an example and a check. */
	idMode: { displayName: string; placeholder: string; validation: INodePropertyModeValidation[] };
}

/** A resource locator: picked from a searchable list, or entered directly. */
export function listOrIdLocator(options: LocatorOptions, modes: LocatorModes): INodeProperties {
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
				placeholder: `Select a ${modes.noun}...`,
				typeOptions: { searchListMethod: modes.searchListMethod, searchable: true },
			},
			{ name: 'id', type: 'string', ...modes.idMode },
		],
		...(options.show ? { displayOptions: { show: options.show } } : {}),
	};
}
