/**
 * Each node's page holds every option, default and limit of the built node, in every node version: each option of
 * its collections (*Options*, *Filters*, …) is named in italics; a default the page states after a label is that
 * label's default in each version it applies to (`*Include Capability Keys* (default off; on in node version 1)`:
 * off in every version but 1); and every number with a highest value has its range after its label, as the editor
 * holds it (`*Max Items per Poll* (default 100, 1–1000)`), and every range a page states is one the node has.
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import { italics, NODE_PAGES, partsOf, prose, written } from './pageText';

/** A parameter or option the editor shows in one node version, and whether it sits in a collection. */
interface Shown {
	property: INodeProperties;
	inCollection?: string;
}

/** Whether a parameter's `@version` conditions show it in the version. */
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

/** Every parameter and collection option of a node version, as n8n loads the built package. */
function shownIn(type: string, version: number): Shown[] {
	const description = loadPackage().nodeTypes.getByNameAndVersion(type, version).description;
	const found: Shown[] = [];
	const walk = (properties: INodeProperties[], inCollection?: string) => {
		for (const property of properties) {
			// Poll Times is n8n's own, added to every polling trigger: the pages send a user to it by name only.
			if (property.type === 'notice' || property.name === 'pollTimes' || !inVersion(property, version, description))
				continue;
			found.push({ property, inCollection });
			if (property.type === 'collection') walk((property.options ?? []) as INodeProperties[], property.displayName);
			if (property.type === 'fixedCollection')
				for (const group of (property.options ?? []) as unknown as Array<{ values: INodeProperties[] }>)
					walk(group.values, property.displayName);
		}
	};
	walk(description.properties);
	return found;
}

const versionsOf = (type: string): number[] =>
	[loadPackage().nodeTypes.getByNameAndVersion(type).description.version].flat();

/** How the page writes a parameter's default: a switch as on or off, a choice by its name. */
function defaultAsWritten(property: INodeProperties): string[] {
	const choice = (property.options as Array<{ name: string; value: unknown }> | undefined)?.find(
		(option) => option.value === property.default,
	);
	return [written(property.default), ...(choice && property.type === 'options' ? [choice.name] : [])];
}

/** The range the editor holds a number to, as a page writes it: `1–1000`. */
const rangeOf = ({ typeOptions }: INodeProperties): string | undefined =>
	typeOptions?.maxValue === undefined ? undefined : `${typeOptions.minValue ?? 0}–${typeOptions.maxValue}`;

/** What a page states in the parenthesis after a label. */
interface Statement {
	label: string;
	span: string;
	/** `default X`: the default in every version not named otherwise. */
	default?: string;
	/** `X in node version N`: the default in version N. */
	byVersion: Map<number, string>;
	ranges: string[];
}

function statements(page: string): Statement[] {
	return italics(prose(page, { inlineCode: true }), 200).flatMap(({ span, after }) => {
		const parenthesis = /^ \(([^)]*)\)/.exec(after)?.[1];
		if (parenthesis === undefined) return [];
		const statement: Statement = { label: partsOf(span).at(-1)!, span, byVersion: new Map(), ranges: [] };
		for (const segment of parenthesis.split(/;\s*/)) {
			const general = /(?:^|[\s,])default ([^,;:]+)/.exec(segment)?.[1];
			if (general !== undefined) statement.default = written(general.replace(/\*/g, '').trim());
			const versioned = /^(.+?) in (?:node )?version (\d+)$/.exec(segment.trim());
			if (versioned) statement.byVersion.set(Number(versioned[2]), written(versioned[1].replace(/\*/g, '').trim()));
		}
		statement.ranges = [...parenthesis.matchAll(/(\d[\d,]*)–(\d[\d,]*)/g)].map(
			([, min, max]) => `${written(min)}–${written(max)}`,
		);
		return [statement];
	});
}

const PAGES = Object.entries(NODE_PAGES);

describe.each(PAGES)('%s', (page, type) => {
	const stated = statements(page);
	const named = new Set(italics(prose(page)).flatMap(({ span }) => partsOf(span)));
	const versions = versionsOf(type);

	it.each(versions)('names every option of node version %s', (version) => {
		const options = shownIn(type, version).filter(({ inCollection }) => inCollection);
		const missing = options
			.map(({ property, inCollection }) => `${inCollection} → ${property.displayName}`)
			.filter((path) => !named.has(path.split(' → ')[1]));
		expect([...new Set(missing)]).toEqual([]);
	});

	it.each(versions)('states each default as node version %s has it', (version) => {
		const shown = shownIn(type, version);
		const wrong = stated.flatMap((statement) => {
			const expected = statement.byVersion.get(version) ?? statement.default;
			const properties = shown.filter(({ property }) => property.displayName === statement.label);
			if (expected === undefined || !properties.length) return [];
			const defaults = properties.flatMap(({ property }) => defaultAsWritten(property));
			return defaults.includes(expected)
				? []
				: [`*${statement.span}*: the page says default ${expected}, version ${version} has ${defaults.join(' or ')}`];
		});
		expect(wrong).toEqual([]);
	});

	it.each(versions)('gives the range of every number node version %s holds to one', (version) => {
		const missing = shownIn(type, version).flatMap(({ property }) => {
			const range = rangeOf(property);
			if (!range) return [];
			const said = stated.some(
				(statement) => statement.label === property.displayName && statement.ranges.includes(range),
			);
			return said ? [] : [`*${property.displayName}* (${range})`];
		});
		expect([...new Set(missing)]).toEqual([]);
	});

	it('states only ranges the node has', () => {
		const ranges = new Map<string, Set<string>>();
		for (const version of versions)
			for (const { property } of shownIn(type, version)) {
				const range = rangeOf(property);
				if (range) ranges.set(property.displayName, (ranges.get(property.displayName) ?? new Set()).add(range));
			}
		const wrong = stated.flatMap((statement) =>
			statement.ranges
				.filter((range) => !ranges.get(statement.label)?.has(range))
				.map((range) => `*${statement.span}* (${range})`),
		);
		expect(wrong).toEqual([]);
	});
});

it('the parenthesis after a label is read as the pages write it', () => {
	const [statement] = statements('docs/svc-storage-trigger.md').filter(
		(entry) => entry.label === 'Include Capability Keys',
	);
	expect(statement).toMatchObject({ default: 'off', byVersion: new Map([[1, 'on']]) });
	const [perPoll] = statements('docs/svc-storage-trigger.md').filter((entry) => entry.label === 'Max Items per Poll');
	expect(perPoll).toMatchObject({ default: '100', ranges: ['1–1000'] });
});
