import type {
	FieldType,
	IDataObject,
	ILoadOptionsFunctions,
	INodePropertyOptions,
	ResourceMapperField,
	ResourceMapperFields,
} from 'n8n-workflow';

import { forFromAi, sentences } from '../../shared/description/modelInputs';
import { isToolUse } from '../../shared/execution/toolUse';
import { listEndpointTools } from './client';

function typeOf(schema: IDataObject): { type: FieldType; options?: INodePropertyOptions[] } {
	if (
		Array.isArray(schema.enum) &&
		schema.enum.every((value) => typeof value === 'string' || typeof value === 'number')
	) {
		return {
			type: 'options',
			options: (schema.enum as Array<string | number>).map((value) => ({ name: String(value), value })),
		};
	}
	const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((type) => type !== 'null');
	switch (types[0]) {
		case 'integer':
		case 'number':
			return { type: 'number' };
		case 'boolean':
			return { type: 'boolean' };
		case 'object':
			return { type: 'object' };
		case 'array':
			return { type: 'array' };
		default:
			return { type: 'string' };
	}
}

type FromAiType = 'string' | 'number' | 'boolean' | 'json';

function fromAiTypeOf(type: FieldType): FromAiType {
	if (type === 'number' || type === 'boolean') return type;
	return type === 'object' || type === 'array' ? 'json' : 'string';
}

/** The schema's own default as a `$fromAI` fallback of the argument's type; undefined when it has none that fits. */
function schemaDefault(schema: IDataObject, type: FromAiType): string | undefined {
	const value = schema.default;
	if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (type === 'boolean' && typeof value === 'boolean') return String(value);
	if (type === 'string' && (typeof value === 'string' || typeof value === 'number'))
		return `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
	return undefined;
}

const AS_TEXT: Record<FromAiType, string> = { number: 'A number', boolean: 'true or false', json: 'JSON', string: '' };

/**
 * `$fromAI` for one argument: its key, the schema's description (and choices), its type; optional
 * unless the schema requires it. An optional argument needs a fallback of its type (n8n makes an
 * input with one optional, and checks the fallback as the model's own value): the schema's default
 * where it gives one, else the argument is asked as text that may stay empty, so the node leaves it
 * out of the call instead of sending a value the tool did not choose.
 */
function fromAiArgument(id: string, schema: IDataObject, type: FieldType, required: boolean): string {
	let fromAiType = fromAiTypeOf(type);
	let fallback = required ? undefined : schemaDefault(schema, fromAiType);
	let asText = '';
	if (!required && fallback === undefined) {
		asText = AS_TEXT[fromAiType];
		fromAiType = 'string';
		fallback = "''";
	}
	const description = forFromAi(
		sentences([
			typeof schema.description === 'string' && schema.description.trim() ? schema.description : id,
			Array.isArray(schema.enum) ? `One of: ${schema.enum.map(String).join(', ')}` : '',
			asText ? `${asText}, as text` : '',
			required || fallback === undefined
				? ''
				: fallback === "''"
					? 'Optional'
					: `Optional, ${fallback.replace(/^'|'$/g, '')} when left out`,
		]),
	);
	const key = /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
	return (
		`={{ $fromAI('${key}', \`${description}\`, '${fromAiType}'${fallback === undefined ? '' : `, ${fallback}`}) ` + `}}`
	);
}

/** The picked tool's input schema as resource mapper fields: names, types, required flags. */
export async function getToolArguments(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const name = this.getNodeParameter('tool', undefined, { extractValue: true }) as string | undefined;
	if (!name) return { fields: [], emptyFieldsNotice: 'Pick a tool first' };
	const tools = await listEndpointTools(this);
	const tool = tools.find((candidate) => candidate.name === name);
	if (!tool) return { fields: [], emptyFieldsNotice: `The endpoint lists no tool "${name}"` };
	const properties = (tool.inputSchema.properties ?? {}) as Record<string, IDataObject>;
	const required = new Set(Array.isArray(tool.inputSchema.required) ? (tool.inputSchema.required as string[]) : []);
	const forModel = isToolUse(this);
	const fields: ResourceMapperField[] = Object.entries(properties).map(([id, schema]) => {
		const { type, options } = typeOf(schema ?? {});
		const field: ResourceMapperField = {
			id,
			displayName: id,
			required: required.has(id),
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			type,
			...(options ? { options } : {}),
		};
		// As an AI tool the MCP tool's own input schema goes to the model: each argument with its type and description.
		return forModel
			? {
					...field,
					type: type === 'options' ? 'string' : type,
					defaultValue: fromAiArgument(id, schema ?? {}, type, required.has(id)),
				}
			: field;
	});
	return fields.length ? { fields } : { fields, emptyFieldsNotice: 'This tool takes no arguments' };
}
