/**
 * The subset of JSON Schema the tool schemas use, and a validator for it. The endpoint
 * validates tool arguments against the advertised inputSchema; tests validate
 * structuredContent against the advertised outputSchema.
 */
export interface JsonSchema {
	type?: JsonType | JsonType[];
	description?: string;
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: boolean | JsonSchema;
	items?: JsonSchema;
	enum?: unknown[];
	minLength?: number;
	maxLength?: number;
	minimum?: number;
	maximum?: number;
	minItems?: number;
	maxItems?: number;
	default?: unknown;
}

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

function typeOf(value: unknown): JsonType | 'undefined' {
	if (value === null) return 'null';
	if (Array.isArray(value)) return 'array';
	if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
	if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object')
		return typeof value as JsonType;
	return 'undefined';
}

/** Returns the first violation as a readable message, or undefined when the value fits. */
export function validate(schema: JsonSchema, value: unknown, path = '$'): string | undefined {
	if (schema.type !== undefined) {
		const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
		const actual = typeOf(value);
		const fits = allowed.some((t) => t === actual || (t === 'number' && actual === 'integer'));
		if (!fits) return `${path} must be ${allowed.join(' or ')}`;
	}
	if (schema.enum && !schema.enum.some((v) => v === value)) return `${path} must be one of ${schema.enum.join(', ')}`;
	if (typeof value === 'string' && (schema.minLength !== undefined || schema.maxLength !== undefined)) {
		const length = [...value].length;
		if (schema.minLength !== undefined && length < schema.minLength)
			return `${path} must have at least ${schema.minLength} characters`;
		if (schema.maxLength !== undefined && length > schema.maxLength)
			return `${path} must have at most ${schema.maxLength} characters`;
	}
	if (typeof value === 'number') {
		if (schema.minimum !== undefined && value < schema.minimum) return `${path} must be >= ${schema.minimum}`;
		if (schema.maximum !== undefined && value > schema.maximum) return `${path} must be <= ${schema.maximum}`;
	}
	if (Array.isArray(value)) {
		if (schema.minItems !== undefined && value.length < schema.minItems)
			return `${path} needs at least ${schema.minItems} items`;
		if (schema.maxItems !== undefined && value.length > schema.maxItems)
			return `${path} allows at most ${schema.maxItems} items`;
		if (schema.items) {
			for (let i = 0; i < value.length; i++) {
				const problem = validate(schema.items, value[i], `${path}[${i}]`);
				if (problem) return problem;
			}
		}
	}
	if (typeOf(value) === 'object') {
		const object = value as Record<string, unknown>;
		for (const key of schema.required ?? []) {
			if (object[key] === undefined) return `${path}.${key} is required`;
		}
		for (const [key, child] of Object.entries(object)) {
			const childSchema = schema.properties?.[key];
			if (childSchema) {
				const problem = validate(childSchema, child, `${path}.${key}`);
				if (problem) return problem;
			} else if (schema.additionalProperties === false) {
				return `${path}.${key} is not a known property`;
			} else if (typeof schema.additionalProperties === 'object') {
				const problem = validate(schema.additionalProperties, child, `${path}.${key}`);
				if (problem) return problem;
			}
		}
	}
	return undefined;
}
