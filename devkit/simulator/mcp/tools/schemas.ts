import type { JsonSchema } from '../jsonSchema';

const str: JsonSchema = { type: 'string' };
const nullableStr: JsonSchema = { type: ['string', 'null'] };

const accessSchema: JsonSchema = {
	type: 'object',
	properties: { can_add: { type: 'boolean' }, can_edit: { type: 'boolean' }, can_download: { type: 'boolean' } },
	required: ['can_add', 'can_edit'],
};

export const folderSchema: JsonSchema = {
	type: 'object',
	properties: {
		type: { enum: ['folder'] },
		hash: str,
		name: str,
		parent_folder_hash: nullableStr,
		access_type: str,
		is_root: { type: 'boolean' },
		encrypted: { type: 'boolean' },
		created_at: str,
		modified_at: str,
		access: accessSchema,
	},
	required: ['type', 'hash', 'name', 'parent_folder_hash', 'access_type', 'access'],
};

export const fileSchema: JsonSchema = {
	type: 'object',
	properties: {
		type: { enum: ['file'] },
		hash: str,
		name: str,
		parent_folder_hash: str,
		size: { type: 'integer' },
		mime_type: str,
		access_type: str,
		created_at: str,
		modified_at: str,
		description: str,
		tags: { type: 'array', items: str },
		access: accessSchema,
	},
	required: ['type', 'hash', 'name', 'parent_folder_hash', 'size', 'mime_type', 'access_type', 'access'],
};

/** A folder or a file (listing and search entries). */
export const itemSchema: JsonSchema = {
	type: 'object',
	properties: {
		...folderSchema.properties,
		...fileSchema.properties,
		type: { enum: ['folder', 'file'] },
		parent_folder_hash: nullableStr,
	},
	required: ['type', 'hash', 'name', 'parent_folder_hash', 'access_type', 'access'],
};

export const writeResultSchema: JsonSchema = {
	type: 'object',
	properties: {
		status: { enum: ['created', 'updated', 'unchanged'] },
		item: {
			type: 'object',
			properties: {
				type: { enum: ['folder', 'file'] },
				hash: str,
				name: str,
				parent_folder_hash: nullableStr,
				size: { type: ['integer', 'null'] },
				mime_type: nullableStr,
				access_type: str,
			},
			required: ['type', 'hash', 'name', 'parent_folder_hash', 'size', 'mime_type', 'access_type'],
		},
	},
	required: ['status', 'item'],
};

export const hashArg = (description: string): JsonSchema => ({ type: 'string', minLength: 1, description });

export const nameArg = (description: string): JsonSchema => ({
	type: 'string',
	minLength: 1,
	maxLength: 255,
	description,
});

/** A tool's arguments object: these properties, the `required` ones, nothing else. */
export const objectSchema = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
	type: 'object',
	properties,
	...(required.length ? { required } : {}),
	additionalProperties: false,
});

/** The arguments of a keyword search: the query (1 to 200 characters) and how many results. */
export const searchSchema = (maxLimit: number, defaultLimit: number): JsonSchema =>
	objectSchema(
		{
			query: { type: 'string', minLength: 1, maxLength: 200 },
			limit: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
		},
		['query'],
	);
