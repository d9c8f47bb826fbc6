import type { INodeProperties, IDisplayOptions } from 'n8n-workflow';

/**
 * What a model may send for each kind of reference, by the list the editor picks it from: the
 * tool's input descriptions say it, and the services resolve it.
 */
const REFERENCE_HINTS: Record<string, string> = {
	searchFolders: "Give the folder's hash from a listing, its path from ROOT such as /Documents/Reports, or its exact name when only one folder has it.",
	searchFiles: "Give the file's hash from a listing, its path from ROOT such as /Documents/report.pdf, or its exact name when only one file has it.",
	searchTasks: "Give the task's ID (a number), its visible number such as ACME-T-0001, or its exact name.",
	searchProjects: "Give the project's ID (a number), its visible number, or its exact name.",
	searchClients: "Give the client's ID (a number), its visible number, or its exact name.",
	searchContactPersons: "Give the contact person's ID (a number) or exact name.",
};

/** Parameters a model fills, by their type, and the `$fromAI` type it sends each as. */
const FROM_AI_TYPE: Partial<Record<INodeProperties['type'], 'string' | 'number' | 'boolean' | 'json'>> = {
	string: 'string',
	resourceLocator: 'string',
	options: 'string',
	dateTime: 'string',
	number: 'number',
	boolean: 'boolean',
	json: 'json',
};

/** Parameters the person setting up the tool chooses, never the model: which MCP tool, how arguments are given, where files go. */
const SET_BY_USER = new Set(['tool', 'argumentsMode', 'binaryPropertyName', 'source']);

function plain(text: string): string {
	return text.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

/** What the model reads for one input: what it is, what it accepts, whether it may be left out. */
function modelDescription(property: INodeProperties): string {
	const parts = [plain(property.description ?? property.displayName)];
	const method = property.modes?.find((mode) => mode.type === 'list')?.typeOptions?.searchListMethod;
	if (typeof method === 'string' && REFERENCE_HINTS[method]) parts.push(REFERENCE_HINTS[method]);
	if (property.type === 'options' && property.options) {
		parts.push(`One of: ${property.options.map((option) => ('value' in option ? String(option.value) : '')).filter(Boolean).join(', ')}.`);
	}
	if (property.type === 'dateTime') parts.push('A date as YYYY-MM-DD.');
	if (!property.required) parts.push('Optional.');
	return parts
		.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
		.join(' ')
		.replace(/`/g, "'");
}

function withTool(options: IDisplayOptions | undefined, shown: boolean): IDisplayOptions {
	const key = shown ? 'show' : 'hide';
	return { ...options, [key]: { ...options?.[key], '@tool': [true] } };
}

/** The default an optional input falls back to when the model leaves it out. */
function fallbackOf(property: INodeProperties, type: string): string {
	const value = property.default;
	if (type === 'number' && typeof value === 'number') return String(value);
	if (type === 'boolean') return value === true ? 'true' : 'false';
	return typeof value === 'string' && !value.startsWith('=') ? `'${value.replace(/'/g, "\\'")}'` : "''";
}

/**
 * The operation's parameters with, for each one a model fills, a twin shown only when the node is
 * an AI tool (`@tool`): a plain input whose default lets the model define it
 * (`$fromAI(name, description, type)`), described for the model, optional where the parameter is.
 * n8n builds the tool's input schema from these, so a tool added to an agent explains itself
 * without any setup; the person can still set any input by hand.
 */
export function withModelInputs(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const type = FROM_AI_TYPE[property.type];
		if (!type || property.noDataExpression || SET_BY_USER.has(property.name) || !/^[A-Za-z0-9_-]{1,64}$/.test(property.name)) return [property];
		const optional = property.required ? '' : `, ${fallbackOf(property, type)}`;
		const twin: INodeProperties = {
			displayName: property.displayName,
			name: property.name,
			type: type === 'json' ? 'json' : type,
			default: `={{ $fromAI('${property.name}', \`${modelDescription(property)}\`, '${type}'${optional}) }}`,
			description: property.description,
			displayOptions: withTool(property.displayOptions, true),
			...(property.required ? { required: true } : {}),
		};
		return [{ ...property, displayOptions: withTool(property.displayOptions, false) }, twin];
	});
}
