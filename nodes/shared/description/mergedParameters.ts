import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * A node's parameters with each one that several operations declare alike declared once, shown for all of them:
 * n8n walks every parameter of a node before each run, shown or not (`getNodeParameters`, `getNodeParametersIssues`),
 * so 27 Options collections cost 27 walks where one, its options shown by `/resource` and `/operation`, costs one.
 * Each operation still declares its own parameters (`actions/<resource>/<operation>.operation.ts`); what the editor
 * shows at each resource and operation, in its order, and what n8n resolves there are unchanged
 * (test/unit/mergedParameters.test.ts). Two parameters merge only where nothing could tell them apart: the same
 * definition apart from their resource and operation conditions, conditions n8n can state as one (each resource
 * with each operation), and no parameter shown between them at a place either shows. An Options collection merges
 * with another of the same name when their options do, alike; an option shown at fewer places than its collection
 * gets `/resource` and `/operation` conditions.
 */
export function mergedParameters(properties: INodeProperties[]): INodeProperties[] {
	const node = placesOfNode(properties);
	if (!node.resources.length) return properties;
	const all = new Set(node.resources.keys());
	const entries = selectorsFirst(properties).map((property) => entryOf(property, node, all, ''));
	return mergedEntries(entries, node, all).map((entry) => finished(entry, node, all));
}

/**
 * Each resource with each operation its Operation list offers there: where a parameter can be shown. A place is
 * its index in both lists.
 */
interface Places {
	resources: string[];
	operations: string[];
}

/** Places by their index. */
type Shown = Set<number>;

interface Entry {
	property: INodeProperties;
	/** The places its `resource` and `operation` conditions show it at; undefined: it has other such conditions. */
	shown?: Shown;
	/** An Options collection's options, as entries of their own. */
	options?: Entry[];
	/** What it is apart from where it shows: two entries one may stand for are alike in it. */
	identity: string;
}

const PLACE_KEYS = ['resource', 'operation'];

function valuesOf(property: INodeProperties): string[] {
	return ((property.options ?? []) as INodePropertyOptions[]).map((option) => String(option.value));
}

function placesOfNode(properties: INodeProperties[]): Places {
	const places: Places = { resources: [], operations: [] };
	const resource = properties.find((property) => property.name === 'resource');
	if (!resource) return places;
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		const shownFor = (property.displayOptions?.show?.resource as string[] | undefined) ?? valuesOf(resource);
		for (const name of shownFor)
			for (const operation of valuesOf(property)) {
				places.resources.push(name);
				places.operations.push(operation);
			}
	}
	return places;
}

/**
 * The Operation lists right after Resource, as n8n's own nodes have them: each is shown for its resource alone, so
 * no place sees another order, and a parameter two resources share is then next to both.
 */
function selectorsFirst(properties: INodeProperties[]): INodeProperties[] {
	const at = properties.findIndex((property) => property.name === 'resource');
	const selectors = properties.filter((property, index) => index > at && property.name === 'operation');
	const others = properties.filter((property) => !selectors.includes(property));
	return [...others.slice(0, at + 1), ...selectors, ...others.slice(at + 1)];
}

/** The places of `within` whose resource and operation are among those given. */
function placesWith(node: Places, within: Shown, resources: string[], operations: string[]): Shown {
	return new Set(
		[...within].filter(
			(place) => resources.includes(node.resources[place]) && operations.includes(node.operations[place]),
		),
	);
}

function entryOf(property: INodeProperties, node: Places, within: Shown, prefix: string): Entry {
	const { displayOptions, ...rest } = property;
	const show = { ...displayOptions?.show };
	const [resources, operations] = PLACE_KEYS.map((key) => show[`${prefix}${key}`] as string[] | undefined);
	for (const key of PLACE_KEYS) delete show[`${prefix}${key}`];
	const isCollection = property.type === 'collection' && prefix === '';
	const identity = JSON.stringify({
		...rest,
		options: isCollection ? undefined : rest.options,
		show,
		hide: displayOptions?.hide,
	});
	const placed =
		(prefix !== '' || (resources !== undefined && operations !== undefined)) &&
		!PLACE_KEYS.some((key) => displayOptions?.hide?.[`${prefix}${key}`] !== undefined);
	if (!placed || (prefix !== '' && (resources || operations))) return { property, identity };
	const shown = prefix ? within : placesWith(node, within, resources!, operations!);
	if (!isCollection) return { property, shown, identity };
	const options = (property.options as INodeProperties[]).map((option) => entryOf(option, node, shown, '/'));
	return options.every((option) => option.shown) ? { property, shown, options, identity } : { property, identity };
}

function meets(one: Shown | undefined, other: Shown): boolean {
	if (!one) return true;
	for (const place of other) if (one.has(place)) return true;
	return false;
}

/** The resources and operations that state the places as one condition within others, if n8n can so state them. */
function conditionsOf(node: Places, shown: Shown, within: Shown): [string[], string[]] | undefined {
	const resources = [...new Set([...shown].map((place) => node.resources[place]))];
	const operations = [...new Set([...shown].map((place) => node.operations[place]))];
	return placesWith(node, within, resources, operations).size === shown.size ? [resources, operations] : undefined;
}

/** One entry for both, if nothing could tell them apart. */
function mergedPair(kept: Entry, later: Entry, node: Places, within: Shown): Entry | undefined {
	if (kept.identity !== later.identity || !kept.shown || !later.shown) return undefined;
	const shown = new Set([...kept.shown, ...later.shown]);
	if (!conditionsOf(node, shown, within)) return undefined;
	if (!kept.options || !later.options) return { ...kept, shown };
	const options = mergedEntries([...kept.options, ...later.options], node, shown);
	if (options.some((option) => !conditionsOf(node, option.shown!, shown))) return undefined;
	return { ...kept, shown, options };
}

/**
 * The entries with each one merged into an earlier one where it can be, keeping every place's order; again over the
 * result until nothing merges (a group of operations whose parameter merges only as a whole: one resource's).
 */
function mergedEntries(entries: Entry[], node: Places, within: Shown): Entry[] {
	let result = entries;
	for (let count = Infinity; result.length < count; ) {
		count = result.length;
		result = mergedOnce(result, node, within);
	}
	return result;
}

function mergedOnce(entries: Entry[], node: Places, within: Shown): Entry[] {
	const result: Entry[] = [];
	for (const entry of entries) {
		let placed = false;
		for (let at = 0; at < result.length && !placed && entry.shown; at++) {
			const kept = result[at];
			if (kept.property.name !== entry.property.name || !kept.shown) continue;
			const merged = mergedPair(kept, entry, node, within);
			if (!merged) continue;
			const between = result.slice(at + 1);
			if (!between.some((other) => meets(other.shown, entry.shown!))) {
				result[at] = merged;
				placed = true;
			} else if (!between.some((other) => meets(other.shown, kept.shown!))) {
				result.splice(at, 1);
				result.push(merged);
				placed = true;
			}
		}
		if (!placed) result.push(entry);
	}
	return result;
}

/**
 * The parameter shown at the resources and operations given. n8n checks a parameter's conditions in their order and
 * stops at the first that fails, for every parameter before each run: the operation, which tells more parameters
 * apart, goes where the first of the two was (the other conditions keep their places: a condition on a value
 * given by an expression shows the parameter, so what comes before one matters).
 */
function withConditions(property: INodeProperties, prefix: string, conditions?: [string[], string[]]): INodeProperties {
	if (!conditions) return property;
	const [resources, operations] = conditions;
	const [resource, operation] = [`${prefix}resource`, `${prefix}operation`];
	const given = { ...property.displayOptions?.show, [resource]: resources, [operation]: operations };
	const keys = Object.keys(given);
	const first = Math.min(keys.indexOf(resource), keys.indexOf(operation));
	const others = keys.filter((key) => key !== resource && key !== operation);
	const order = [...others.slice(0, first), operation, resource, ...others.slice(first)];
	const show = Object.fromEntries(order.map((key) => [key, given[key]]));
	const displayOptions: IDisplayOptions = { ...property.displayOptions, show };
	return { ...property, displayOptions };
}

/** The parameter an entry stands for, with the conditions of all the places it now shows at. */
function finished(entry: Entry, node: Places, within: Shown): INodeProperties {
	if (!entry.shown) return entry.property;
	const property = withConditions(entry.property, '', conditionsOf(node, entry.shown, within));
	if (!entry.options) return property;
	const options = entry.options.map((option) =>
		option.shown!.size < entry.shown!.size
			? withConditions(option.property, '/', conditionsOf(node, option.shown!, entry.shown!))
			: option.property,
	);
	return { ...property, options };
}
