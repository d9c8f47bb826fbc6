/**
 * What a saved workflow reads of a node's output (docs/COMPATIBILITY.md, rule 5): each field's path and the types
 * of its values, and the binary properties; never the values, which change with every run. A release's capture
 * (compat/<version>/outputs.json, `compat/capture-outputs.ts`) holds one per node of each saved workflow, run at
 * the node version it was saved with; the compat test finds a field removed, renamed or retyped.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

/** One node's output as a later node depends on it. */
export interface OutputShape {
	type: string;
	typeVersion: number;
	/** Each field by its path (`a.b`, an array's elements as `a[]`): the types its values had, sorted. */
	fields: Record<string, string[]>;
	/** The binary properties of its items. */
	binary?: string[];
}

/** A release's capture: per saved workflow, per node; per saved tool node. */
export interface OutputCapture {
	capturedFrom: string;
	workflows: Record<string, Record<string, OutputShape>>;
	tools: Record<string, OutputShape>;
}

const typeOf = (value: unknown): string =>
	value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

function collect(value: unknown, path: string, into: Record<string, Set<string>>): void {
	if (path) (into[path] ??= new Set()).add(typeOf(value));
	if (Array.isArray(value)) for (const element of value) collect(element, `${path}[]`, into);
	else if (value && typeof value === 'object')
		for (const [key, inner] of Object.entries(value as IDataObject))
			collect(inner, path ? `${path}.${key}` : key, into);
}

/** The shape of a node's output items; a field sometimes empty (null) has the types of its values. */
export function shapeOf(node: { type: string; typeVersion?: number }, items: INodeExecutionData[]): OutputShape {
	const seen: Record<string, Set<string>> = {};
	for (const item of items) collect(item.json, '', seen);
	const fields = Object.fromEntries(
		Object.keys(seen)
			.sort()
			.map((path) => {
				const types = [...seen[path]].sort();
				return [path, types.length > 1 ? types.filter((type) => type !== 'null') : types];
			}),
	);
	const binary = [...new Set(items.flatMap((item) => Object.keys(item.binary ?? {})))].sort();
	return { type: node.type, typeVersion: node.typeVersion ?? 1, fields, ...(binary.length ? { binary } : {}) };
}

/**
 * What `current` no longer gives of `released`: a field gone (removed or renamed), a field whose values are of
 * another type, a binary property gone. Fields added are no change. A field only ever null was seen without a
 * value, so only its presence is held.
 */
export function outputChanges(released: OutputShape, current: OutputShape | undefined): string[] {
	if (!current) return ['the node gave no output'];
	const changes: string[] = [];
	for (const [path, types] of Object.entries(released.fields)) {
		const now = current.fields[path];
		if (!now) changes.push(`${path}: removed`);
		else if (!(types.length === 1 && types[0] === 'null') && !types.every((type) => now.includes(type)))
			changes.push(`${path}: ${types.join('|')} → ${now.join('|')}`);
	}
	for (const property of released.binary ?? [])
		if (!current.binary?.includes(property)) changes.push(`binary ${property}: removed`);
	return changes;
}
