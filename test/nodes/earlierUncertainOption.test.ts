/**
 * Earlier Uncertain Writes stands in the Options collection of every write operation of Svc Storage and Svc DVS,
 * in each node version and in the tool node, as n8n loads the built package and shows the node's parameters; no
 * read operation has it (description/earlierUncertainWrites.ts, added by operation.ts `resourceDescription`).
 */
import { NodeHelpers, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';
import { routedOperations } from '../routedOperations';

const NODES = [
	{ folder: 'SvcStorage' as const, types: ['svcStorage', 'svcStorageTool'] },
	{ folder: 'SvcDvs' as const, types: ['svcDvs', 'svcDvsTool'] },
];

function descriptionOf(type: string, version: number): INodeTypeDescription {
	return loadPackage().nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${type}`, version).description;
}

function versionsOf(type: string): number[] {
	const version = loadPackage().nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${type}`).description.version;
	return Array.isArray(version) ? version : [version];
}

/** The option names of the Options collection the editor shows for the operation. */
function shownOptions(description: INodeTypeDescription, version: number, resource: string, operation: string) {
	const values = { resource, operation, authentication: defaultAuthentication(description) };
	return (
		description.properties
			.filter((property) => property.name === 'options' && property.type === 'collection')
			.filter((property) => NodeHelpers.displayParameter(values, property, { typeVersion: version }, description))
			.flatMap((property) => (property.options ?? []) as INodeProperties[])
			// A collection several operations share shows each option by `/resource` and `/operation` (mergedParameters.ts).
			.filter((option) => NodeHelpers.displayParameter({}, option, { typeVersion: version }, description, values))
			.map((option) => option.name)
	);
}

function defaultAuthentication(description: INodeTypeDescription): string {
	const authentication = description.properties.find((property) => property.name === 'authentication');
	return String(authentication?.default ?? '');
}

describe.each(NODES)('$folder', ({ folder, types }) => {
	const operations = routedOperations(folder);

	it.each(types.flatMap((type) => versionsOf(type).map((version) => [type, version] as const)))(
		'%s version %s: every write operation has Earlier Uncertain Writes, no read has',
		(type, version) => {
			const description = descriptionOf(type, version);
			const missing: string[] = [];
			const wrongly: string[] = [];
			for (const { resource, operation, declared } of operations) {
				const options = shownOptions(description, version, resource, operation);
				const has = options.includes('earlierUncertainWrites');
				if (declared.access !== 'read' && !has) missing.push(`${resource}.${operation}`);
				if (declared.access === 'read' && has) wrongly.push(`${resource}.${operation}`);
			}
			expect({ missing, wrongly }).toEqual({ missing: [], wrongly: [] });
			expect(operations.some((routed) => routed.declared.access !== 'read')).toBe(true);
		},
	);
});

it('Svc MCP, whose tool call the write executor does not run, has none', () => {
	const description = descriptionOf('svcMcp', 1);
	const named = JSON.stringify(description.properties);
	expect(named).not.toContain('earlierUncertainWrites');
});
