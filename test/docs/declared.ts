/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * What the nodes declare, in the words n8n's editor shows (as n8n loads them from the built package), and the
 * Markdown the pages hold it against: the docs tests compare the two.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';

export const ROOT = join(__dirname, '..', '..');
export const readDoc = (path: string): string => readFileSync(join(ROOT, path), 'utf8');

/** One entry of a node's action list as the editor shows it: resource and operation labels, its action name. */
export interface DeclaredOperation {
	resource: string;
	operation: string;
	action: string;
	/** The values a saved node holds for them. */
	values: { resource: string; operation: string };
	/** Whether it runs with an MCP credential: `yes`, `no` or `only` (as its description and display conditions say). */
	overMcp: 'yes' | 'no' | 'only';
}

function overMcpOf(selector: INodeProperties, option: INodePropertyOptions): DeclaredOperation['overMcp'] {
	const authentications = selector.displayOptions?.show?.authentication as string[] | undefined;
	if (authentications && !authentications.some((value) => value.startsWith('svcMcp'))) return 'no';
	if (option.description?.endsWith('(not over MCP)')) return 'no';
	if (option.description?.endsWith('(MCP only)')) return 'only';
	return 'yes';
}

const optionsOf = (property: INodeProperties) => (property.options ?? []) as INodePropertyOptions[];

/** Every operation a node declares (a trigger's events: resource "Event", the event as the operation). */
export function declaredOperations(type: string): DeclaredOperation[] {
	const { properties } = loadPackage().nodeTypes.getByNameAndVersion(type).description;
	const event = properties.find((property) => property.name === 'event');
	if (event)
		return optionsOf(event).map((option) => ({
			resource: 'Event',
			operation: option.name,
			action: option.name,
			values: { resource: 'event', operation: String(option.value) },
			overMcp: 'yes' as const,
		}));
	const resources = new Map(
		optionsOf(properties.find((property) => property.name === 'resource')!).map((o) => [o.value, o.name]),
	);
	return properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			optionsOf(property).map((option) => {
				const resource = String(property.displayOptions!.show!.resource![0]);
				return {
					resource: resources.get(resource)!,
					operation: option.name,
					action: option.action ?? option.name,
					values: { resource, operation: String(option.value) },
					overMcp: overMcpOf(property, option),
				};
			}),
		);
}

/** Every label the node's editor shows: parameter and option names, nested ones included. */
export function labelsOf(type: string): Set<string> {
	const labels = new Set<string>();
	const walk = (items: unknown[]) => {
		for (const item of items as Array<Record<string, unknown>>) {
			labels.add(String(item.displayName ?? item.name));
			for (const nested of [item.options, item.values]) if (Array.isArray(nested)) walk(nested);
		}
	};
	const { description } = loadPackage().nodeTypes.getByNameAndVersion(type);
	walk(description.properties);
	return labels;
}

export const displayNameOf = (type: string): string =>
	loadPackage().nodeTypes.getByNameAndVersion(type).description.displayName;

/** The rows of the first Markdown table after `heading` (or of the first table at all), cells trimmed. */
export function tableRows(markdown: string, heading?: string): string[][] {
	const from = heading ? markdown.indexOf(heading) : 0;
	if (from < 0) throw new Error(`no "${heading}" in the page`);
	const lines = markdown.slice(from).split('\n');
	const start = lines.findIndex((line) => line.startsWith('|'));
	const table: string[][] = [];
	for (const line of lines.slice(start)) {
		if (!line.startsWith('|')) break;
		table.push(
			line
				.slice(1, -1)
				.split('|')
				.map((cell) => cell.trim()),
		);
	}
	return table.filter((row) => !row.every((cell) => /^:?-+:?$/.test(cell)));
}

/** Markdown formatting and links taken out of a cell: `[**Svc Storage**](docs/x.md)` → `Svc Storage`. */
export const plain = (cell: string): string =>
	cell
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[*_`]/g, '')
		.trim();
