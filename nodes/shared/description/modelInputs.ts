import type { INodeProperties, IDisplayOptions } from 'n8n-workflow';

/**
 * What a model may send for each kind of reference, by the list the editor picks it from: the
 * tool's input descriptions say it, and the services resolve it.
 */
const REFERENCE_HINTS: Record<string, string> = {
	searchFolders:
		"Give the folder's hash from a listing, its path from ROOT such as /Documents/Reports, or " +
		'its exact name when only one folder has it.',
	searchFiles:
		"Give the file's hash from a listing, its path from ROOT such as /Documents/report.pdf, or " +
		'its exact name when only one file has it.',
	searchTasks: "Give the task's ID (a number), its visible number such as ACME-T-0001, or its exact name.",
	searchProjects: "Give the project's ID (a number), its visible number, or its exact name.",
	searchClients: "Give the client's ID (a number), its visible number, or its exact name.",
	searchContactPersons: "Give the contact person's ID (a number) or exact name.",
};

/** The same, as a few words for the tool's description. */
const REFERENCE_WORDS: Record<string, string> = {
	searchFolders: "a folder's hash, path from ROOT (/Documents/Reports) or exact name",
	searchFiles: "a file's hash, path from ROOT (/Documents/report.pdf) or exact name",
	searchTasks: "a task's ID, visible number (ACME-T-0001) or exact name",
	searchProjects: "a project's ID, visible number or exact name",
	searchClients: "a client's ID, visible number or exact name",
	searchContactPersons: "a contact person's ID or exact name",
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

/**
 * Parameters the person setting up the tool chooses, never the model: which MCP tool, how arguments are
 * given, where files go.
 */
const SET_BY_USER = new Set(['tool', 'argumentsMode', 'binaryPropertyName', 'source']);

function plain(text: string): string {
	return text
		.replace(/<[^>]+>/g, '')
		.replace(/\s+/g, ' ')
		.trim();
}

/** Sentences joined as sentences: each one ends with its stop ("Raw entries to scan. Optional."). */
export function sentences(parts: string[]): string {
	return parts
		.map((part) => part.trim())
		.filter(Boolean)
		.map((part) => (/[.!?]$/.test(part) ? part : `${part}.`))
		.join(' ');
}

/** Text safe inside the backquoted description of a `$fromAI` call. */
export function forFromAi(text: string): string {
	return text.replace(/`/g, "'").replace(/\$\{/g, '$ {').replace(/\\/g, '/');
}

function searchMethodOf(property: INodeProperties): string | undefined {
	const method = property.modes?.find((mode) => mode.type === 'list')?.typeOptions?.searchListMethod;
	return typeof method === 'string' ? method : undefined;
}

function choicesOf(property: INodeProperties): string[] {
	return (property.options ?? []).map((option) => ('value' in option ? String(option.value) : '')).filter(Boolean);
}

/** What the model reads for one input: what it is, what it accepts, whether it may be left out. */
function modelDescription(property: INodeProperties, type: string): string {
	const method = searchMethodOf(property);
	return forFromAi(
		sentences([
			plain(property.description || property.displayName),
			method && REFERENCE_HINTS[method] ? REFERENCE_HINTS[method] : '',
			property.type === 'options' ? `One of: ${choicesOf(property).join(', ')}` : '',
			property.type === 'dateTime' ? 'A date as YYYY-MM-DD' : '',
			property.type === 'json' ? (type === 'json' ? 'A JSON object' : 'A JSON object as text') : '',
			property.required ? '' : 'Optional',
		]),
	);
}

/**
 * Display conditions with the deciding ones first: shown on the tool (`asTool`), then the resource and operation.
 * n8n shows a parameter as soon as one condition's value is an expression (Return All given by expression) and reads
 * no condition after it, so these come before any that may be; they also end n8n's check of a parameter of another
 * operation, or of the tool, at its first condition, on every run.
 */
function decidingFirst(options: IDisplayOptions, asTool?: true): IDisplayOptions {
	const { '@tool': tool, resource, operation, ...own } = options.show ?? {};
	const variant = asTool === undefined ? tool : [asTool];
	const show = {
		...(variant ? { '@tool': variant } : {}),
		...(resource ? { resource } : {}),
		...(operation ? { operation } : {}),
		...own,
	};
	return Object.keys(show).length ? { ...options, show } : options;
}

/**
 * The default an optional input falls back to when the model leaves it out: n8n makes an input
 * with a fallback optional in the tool's schema, and a fallback must be of the input's type (n8n
 * checks it as the model's own value when the tool is called through its schema).
 */
function fallbackOf(property: INodeProperties, type: string): string {
	const value = property.default;
	if (type === 'number') return typeof value === 'number' && Number.isFinite(value) ? String(value) : '0';
	if (type === 'boolean') return value === true ? 'true' : 'false';
	return typeof value === 'string' && !value.startsWith('=')
		? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
		: "''";
}

/**
 * The `$fromAI` type an input is sent as: an optional JSON input as text, which may be left empty (n8n's JSON
 * type may not).
 */
function fromAiTypeOf(property: INodeProperties): 'string' | 'number' | 'boolean' | 'json' | undefined {
	const type = FROM_AI_TYPE[property.type];
	return type === 'json' && !property.required ? 'string' : type;
}

/** Whether a model fills the parameter on a tool (it does unless the person setting up the tool chooses it). */
function isModelInput(property: INodeProperties): boolean {
	return (
		Boolean(FROM_AI_TYPE[property.type]) &&
		!property.noDataExpression &&
		!SET_BY_USER.has(property.name) &&
		/^[A-Za-z0-9_-]{1,64}$/.test(property.name)
	);
}

/** One input as the tool's description lists it. */
export interface ModelInput {
	name: string;
	required: boolean;
	accepts: string;
}

function firstSentence(property: INodeProperties): string | undefined {
	const first = plain(property.description ?? '')
		.split(/(?<=[.!?])\s/)[0]
		.replace(/[.!?]$/, '');
	return first && first.length <= 120 ? first.charAt(0).toLowerCase() + first.slice(1) : undefined;
}

function acceptsOf(property: INodeProperties): string {
	const method = searchMethodOf(property);
	if (method && REFERENCE_WORDS[method]) return REFERENCE_WORDS[method];
	if (property.type === 'options') return `one of ${choicesOf(property).join(', ')}`;
	if (property.type === 'number')
		return !property.required && typeof property.default === 'number'
			? `a number, ${property.default} when left out`
			: 'a number';
	if (property.type === 'boolean') return firstSentence(property) ?? 'true or false';
	if (property.type === 'dateTime') return 'a date as YYYY-MM-DD';
	if (property.type === 'json') return 'a JSON object';
	return firstSentence(property) ?? property.displayName.toLowerCase();
}

/**
 * Whether a parameter is shown while the settings the person chooses keep their defaults (Arguments: Map Each
 * Argument).
 */
function shownByDefault(property: INodeProperties, all: INodeProperties[]): boolean {
	const show = property.displayOptions?.show ?? {};
	return Object.entries(show).every(([name, values]) => {
		if (!SET_BY_USER.has(name)) return true;
		const setting = all.find((candidate) => candidate.name === name);
		return !setting || (values as unknown[]).includes(setting.default);
	});
}

/** The inputs a model fills for an operation, for its tool description. */
export function modelInputsOf(properties: INodeProperties[]): ModelInput[] {
	return properties
		.filter((property) => isModelInput(property) && shownByDefault(property, properties))
		.map((property) => ({ name: property.name, required: property.required === true, accepts: acceptsOf(property) }));
}

/**
 * The operation's parameters with, for each one a model fills, a twin shown only when the node is
 * an AI tool (`@tool`; the parameter itself hidden there): a plain input whose default lets the model define it
 * (`$fromAI(name, description, type)`), described for the model, optional where the parameter is.
 * n8n builds the tool's input schema from these, so a tool added to an agent explains itself
 * without any setup; the person can still set any input by hand.
 */
export function withModelInputs(properties: INodeProperties[]): INodeProperties[] {
	return properties.flatMap((property) => {
		const type = fromAiTypeOf(property);
		const { displayOptions } = property;
		if (!type || !isModelInput(property))
			return [displayOptions ? { ...property, displayOptions: decidingFirst(displayOptions) } : property];
		const optional = property.required ? '' : `, ${fallbackOf(property, type)}`;
		const twin: INodeProperties = {
			displayName: property.displayName,
			name: property.name,
			type,
			default: `={{ $fromAI('${property.name}', \`${modelDescription(property, type)}\`, '${type}'${optional}) }}`,
			description: property.description,
			displayOptions: decidingFirst(displayOptions ?? {}, true),
			...(property.required ? { required: true } : {}),
		};
		const node = decidingFirst(displayOptions ?? {});
		return [{ ...property, displayOptions: { ...node, hide: { ...node.hide, '@tool': [true] } } }, twin];
	});
}
