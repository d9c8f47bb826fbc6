/**
 * What a node version promises a saved workflow (docs/COMPATIBILITY.md, rule 1): each parameter's name, type,
 * options and default, as n8n loads the node. n8n saves a node as its type, its version and the parameters that
 * differ from their defaults, so a change to any of these under the same version changes what a saved node means.
 * `compat/capture-parameters.ts` writes a release's into `compat/<version>/parameters.json`; the compat test
 * compares the built package with every release's.
 *
 * The text a model reads is not a promise: a tool's Tool Description and the description inside an input's
 * `$fromAI(…)` default may change within a version (their key, type and fallback may not).
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

/** One parameter as a saved workflow depends on it. */
export interface ParameterPromise {
	type: string;
	default: string;
	/** The values of an options list, the modes of a resource locator; absent for other types. */
	options?: string[];
}

/** A node version's parameters, by name and the conditions that show it (a nested one after its collection's). */
export type VersionParameters = Record<string, ParameterPromise>;

/** A release's capture: per node type, per node version. */
export interface ParameterCapture {
	capturedFrom: string;
	nodes: Record<string, Record<string, VersionParameters>>;
}

const TOOL_TEXT_PARAMETERS = new Set(['toolDescription']);

/** JSON with object keys sorted and lists of plain values sorted, so two equal declarations give one text. */
export function canonical(value: unknown): string {
	if (Array.isArray(value)) {
		const items = value.map(canonical);
		return `[${value.every((item) => typeof item !== 'object' || item === null) ? items.sort().join(',') : items.join(',')}]`;
	}
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, inner]) => inner !== undefined)
			.sort(([a], [b]) => a.localeCompare(b));
		return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'undefined';
}

/** A default as a saved node depends on it: the model's text inside `$fromAI(…)` left out. */
function defaultOf(property: INodeProperties): string {
	if (TOOL_TEXT_PARAMETERS.has(property.name)) return '(text a model reads)';
	const value = property.default;
	if (typeof value === 'string' && value.includes('$fromAI(')) return value.replace(/`(?:[^`\\]|\\.)*`/g, '`…`');
	return canonical(value);
}

function withoutVersion(conditions: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
	if (!conditions) return undefined;
	const rest = Object.fromEntries(Object.entries(conditions).filter(([key]) => key !== '@version'));
	return Object.keys(rest).length ? rest : undefined;
}

/** Whether the parameter exists in this node version (its `@version` display conditions). */
function inVersion(property: INodeProperties, version: number, description: INodeTypeDescription): boolean {
	const { show, hide } = property.displayOptions ?? {};
	if (!show?.['@version'] && !hide?.['@version']) return true;
	const versionOnly = {
		...property,
		displayOptions: {
			...(show?.['@version'] ? { show: { '@version': show['@version'] } } : {}),
			...(hide?.['@version'] ? { hide: { '@version': hide['@version'] } } : {}),
		},
	};
	return NodeHelpers.displayParameter({}, versionOnly, { typeVersion: version }, description);
}

function keyOf(path: string, property: INodeProperties): string {
	const show = withoutVersion(property.displayOptions?.show as Record<string, unknown> | undefined);
	const hide = withoutVersion(property.displayOptions?.hide as Record<string, unknown> | undefined);
	if (!show && !hide) return path;
	return `${path} ${canonical({ show, hide })}`;
}

function promiseOf(property: INodeProperties): ParameterPromise {
	const promise: ParameterPromise = { type: property.type, default: defaultOf(property) };
	if (property.type === 'options' || property.type === 'multiOptions') {
		const options = (property.options ?? []) as Array<{ value?: unknown }>;
		if (options.length) promise.options = options.map((option) => canonical(option.value)).sort();
	}
	if (property.type === 'resourceLocator') promise.options = (property.modes ?? []).map((mode) => mode.name).sort();
	return promise;
}

/** The parameters of `properties` at `version`, each keyed by its path and display conditions. */
function collect(
	properties: INodeProperties[],
	version: number,
	description: INodeTypeDescription,
	prefix: string,
	into: VersionParameters,
): void {
	for (const property of properties) {
		if (!inVersion(property, version, description)) continue;
		const first = keyOf(`${prefix}${property.name}`, property);
		let key = first;
		for (let twin = 2; key in into; twin++) key = `${first} #${twin}`;
		into[key] = promiseOf(property);
		if (property.type === 'collection' || property.type === 'fixedCollection') {
			for (const option of (property.options ?? []) as Array<INodeProperties & { values?: INodeProperties[] }>) {
				if (option.values) collect(option.values, version, description, `${key} › ${option.name} › `, into);
				else if (option.type) collect([option], version, description, `${key} › `, into);
			}
		}
	}
}

export function parametersOf(description: INodeTypeDescription, version: number): VersionParameters {
	const parameters: VersionParameters = {};
	collect(description.properties, version, description, '', parameters);
	return parameters;
}

/**
 * What a saved node of this version would no longer find as it was: a parameter gone, or with another type or
 * default, or an option value or locator mode removed. New parameters and new option values are allowed (a saved
 * node does not hold them, so it keeps its meaning).
 */
export function parameterChanges(released: VersionParameters, current: VersionParameters): string[] {
	const changes: string[] = [];
	const now = byPlace(current);
	for (const [key, before] of Object.entries(byPlace(released))) {
		const after = now[key];
		if (!after) {
			changes.push(`${key}: removed (or its name or display conditions changed)`);
			continue;
		}
		if (after.type !== before.type) changes.push(`${key}: type ${before.type} → ${after.type}`);
		if (after.default !== before.default) changes.push(`${key}: default ${before.default} → ${after.default}`);
		const gone = (before.options ?? []).filter((option) => !(after.options ?? []).includes(option));
		if (gone.length) changes.push(`${key}: options removed: ${gone.join(', ')}`);
	}
	return changes;
}

/** One step of a parameter's key: its name, its display conditions (canonical JSON) and its twin number. */
const KEY_STEP = /^(?<name>[^ ]+)(?: (?<conditions>\{.*\}))?(?<twin> #\d+)?$/;

type Conditions = Record<string, Record<string, unknown[]> | undefined>;

/** A key step's conditions without those on `resource` and `operation` (under a collection: `/resource`…). */
function stepWithout(step: string, keys: string[]): { step: string; taken: Record<string, unknown[]> } {
	const match = KEY_STEP.exec(step);
	if (!match?.groups?.conditions) return { step, taken: {} };
	const { show, hide } = JSON.parse(match.groups.conditions) as Conditions;
	const taken = Object.fromEntries(keys.filter((key) => show?.[key]).map((key) => [key, show![key]!]));
	const rest = Object.fromEntries(Object.entries(show ?? {}).filter(([key]) => !keys.includes(key)));
	const conditions = { show: Object.keys(rest).length ? rest : undefined, hide };
	const kept = conditions.show || conditions.hide ? ` ${canonical(conditions)}` : '';
	return { step: `${match.groups.name}${kept}${match.groups.twin ?? ''}`, taken };
}

/**
 * The parameters keyed by each resource and operation they are shown at (`file upload: folder`) instead of the
 * conditions they are declared with: a parameter several operations declare alike is one parameter shown for all of
 * them (nodes/shared/description/mergedParameters.ts), and a saved node finds it at its own operation either way.
 */
export function byPlace(parameters: VersionParameters): VersionParameters {
	const placed: VersionParameters = {};
	for (const [key, promise] of Object.entries(parameters)) {
		const [first, ...nested] = key.split(' › ');
		const top = stepWithout(first, ['resource', 'operation']);
		const { resource, operation } = top.taken;
		if (!resource || !operation) {
			placed[key] = promise;
			continue;
		}
		const inner = nested.map((step) => stepWithout(step, ['/resource', '/operation']));
		const steps = [top, ...inner].map((step) => step.step).join(' › ');
		for (const name of resource)
			for (const action of operation) {
				const shown = inner.every(
					({ taken }) =>
						(!taken['/resource'] || taken['/resource'].includes(name)) &&
						(!taken['/operation'] || taken['/operation'].includes(action)),
				);
				if (shown) placed[`${String(name)} ${String(action)}: ${steps}`] = promise;
			}
	}
	return placed;
}

/** A key step as one of the two nodes has it (`@tool` decided and left out), or undefined where it is the other's. */
function stepInForm(step: string, form: 'node' | 'tool'): string | undefined {
	const match = KEY_STEP.exec(step);
	if (!match?.groups?.conditions) return step;
	const { show, hide } = JSON.parse(match.groups.conditions) as Record<string, Record<string, unknown[]> | undefined>;
	const asTool = form === 'tool';
	if (show?.['@tool'] && !show['@tool'].includes(asTool)) return undefined;
	if (hide?.['@tool']?.includes(asTool)) return undefined;
	const decided = (rules: Record<string, unknown[]> | undefined) => {
		const rest = Object.entries(rules ?? {}).filter(([name]) => name !== '@tool');
		return rest.length ? Object.fromEntries(rest) : undefined;
	};
	const conditions = { show: decided(show), hide: decided(hide) };
	const kept = conditions.show || conditions.hide ? ` ${canonical(conditions)}` : '';
	return `${match.groups.name}${kept}${match.groups.twin ?? ''}`;
}

/**
 * A release's parameters of a node that shipped with its tool inside (n8n made `svcStorageTool` from `svcStorage`
 * by its `@tool` conditions) as one of the two nodes the package ships now (nodes/shared/description/nodeForms.ts):
 * what a saved node of that type finds.
 */
export function parametersInForm(released: VersionParameters, form: 'node' | 'tool'): VersionParameters {
	const inForm: VersionParameters = {};
	for (const [key, promise] of Object.entries(released)) {
		const steps = key.split(' › ').map((step) => stepInForm(step, form));
		if (steps.every((step) => step !== undefined)) inForm[steps.join(' › ')] = promise;
	}
	return inForm;
}
