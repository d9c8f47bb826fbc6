/**
 * What every operation of every node tells a model as an AI tool, read the way n8n reads it: the
 * tool node the package ships beside each action node (`…Tool`, nodes/shared/description/nodeForms.ts), the
 * parameters n8n fills from their defaults, the input schema n8n builds from their `$fromAI` calls
 * (n8n-core's own `getSchema`) and the description n8n hands the model
 * (n8n-workflow `getToolDescriptionForNode`).
 */
import { getSchema } from 'n8n-core/dist/execution-engine/node-execution-context/utils/create-node-as-tool';
import { NodeHelpers, type INode, type INodeProperties, type INodeTypeDescription } from 'n8n-workflow';
import type { ZodObject, ZodRawShape, ZodTypeAny } from 'zod';

import { declaredPropertiesOf, type NodeForm } from '../../nodes/shared/description/nodeForms';
import { DATA_NOT_INSTRUCTIONS } from '../../nodes/shared/description/toolDescriptions';
import { properties as dvsProperties } from '../../nodes/SvcDvs/SvcDvs.node';
import { properties as mcpProperties } from '../../nodes/SvcMcp/SvcMcp.node';
import { properties as storageProperties } from '../../nodes/SvcStorage/SvcStorage.node';
import { DVS_NODE, MCP_NODE, STORAGE_NODE, nodeDescription } from '../helpers';

const DECLARATIONS: Record<string, INodeProperties[]> = {
	[STORAGE_NODE]: storageProperties,
	[DVS_NODE]: dvsProperties,
	[MCP_NODE]: mcpProperties,
};

/** The node as n8n offers it to an agent: its tool node. */
function asTool(type: string): INodeTypeDescription {
	return nodeDescription(`${type}Tool`);
}

/** Whether the model defines the parameter's value (a `$fromAI` default). */
const isModelInput = (property: INodeProperties) =>
	typeof property.default === 'string' && property.default.includes('$fromAI(');

function operationsOf(description: INodeTypeDescription): Array<[string, string]> {
	const resources = (description.properties.find((property) => property.name === 'resource')?.options ?? []) as Array<{
		value: string;
	}>;
	return resources.flatMap(({ value: resource }) => {
		const selector = description.properties.find(
			(property) => property.name === 'operation' && property.displayOptions?.show?.resource?.includes(resource),
		);
		return ((selector?.options ?? []) as Array<{ value: string }>).map(({ value }): [string, string] => [
			resource,
			value,
		]);
	});
}

/** A tool node as the editor leaves it: only resource and operation saved, everything else n8n's defaults. */
function toolNode(tool: INodeTypeDescription, resource: string, operation: string): INode {
	const node = {
		id: 't',
		name: 'Tool',
		type: tool.name,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource, operation },
	} as INode;
	node.parameters = NodeHelpers.getNodeParameters(tool.properties, node.parameters, true, false, node, tool) ?? {};
	return node;
}

/** The parameters shown on the tool whose value the model defines. */
function modelInputs(tool: INodeTypeDescription, node: INode): INodeProperties[] {
	return tool.properties.filter(
		(property) => isModelInput(property) && NodeHelpers.displayParameter(node.parameters, property, node, tool),
	);
}

const cases = [STORAGE_NODE, DVS_NODE, MCP_NODE].flatMap((type) => {
	const tool = asTool(type);
	return operationsOf(tool).map(([resource, operation]) => ({
		type,
		tool,
		resource,
		operation,
		label: `${tool.displayName} ${resource} → ${operation}`,
	}));
});

it('covers every operation of the three action nodes', () => {
	expect(cases.length).toBeGreaterThanOrEqual(50);
});

describe.each(cases)('$label', ({ type, tool, resource, operation }) => {
	const node = toolNode(tool, resource, operation);

	it('gives the model its own description: at least 80 characters, what it returns and never returns, DVS text as data', () => {
		const description = NodeHelpers.getToolDescriptionForNode(node, { description: tool } as never);
		expect(description.length).toBeGreaterThanOrEqual(80);
		expect(description).toMatch(/Returns /);
		expect(description).toMatch(/never returns edit, upload or delete keys/);
		if (type === DVS_NODE) expect(description).toContain(DATA_NOT_INSTRUCTIONS);
		expect(node.parameters.toolDescription).toBe(description);
	});

	it('makes every optional input optional in the schema n8n builds, each described in whole sentences', () => {
		const schema = getSchema(node) as unknown as ZodObject<ZodRawShape>;
		const shape = schema.shape as Record<string, ZodTypeAny>;
		const inputs = modelInputs(tool, node);
		expect(Object.keys(shape).sort()).toEqual([...new Set(inputs.map((property) => property.name))].sort());
		for (const property of inputs) {
			const field = shape[property.name];
			expect([property.name, field.isOptional()]).toEqual([property.name, property.required !== true]);
			expect(field.description).toMatch(/[.!?]$/);
			expect(field.description).not.toMatch(/[^.!?] (Optional|One of:|A date)\b/);
		}
	});
});

/** Every parameter another's display depends on, given by expression, as a person may give it (Return All, a mode). */
function conditionsByExpression(description: INodeTypeDescription, resource: string, operation: string) {
	const names = description.properties.flatMap((property) => Object.keys(property.displayOptions?.show ?? {}));
	const given = names.filter((name) => !name.startsWith('@') && name !== 'resource' && name !== 'operation');
	return { resource, operation, ...Object.fromEntries(given.map((name) => [name, '={{ $json.value }}'])) };
}

describe.each(cases)('$label, display conditions given by expression', ({ type, tool, resource, operation }) => {
	const shown = (description: INodeTypeDescription, node: INode) =>
		description.properties.filter((property) =>
			NodeHelpers.displayParameter(node.parameters, property, node, description),
		);

	it("the node, each condition by expression, reads no model's input and shows each parameter once", () => {
		const description = nodeDescription(type);
		const node = { id: 'n', name: 'N', type, typeVersion: 1, position: [0, 0] } as unknown as INode;
		const given = conditionsByExpression(description, resource, operation);
		node.parameters = NodeHelpers.getNodeParameters(description.properties, given, true, false, node, description)!;
		const names = shown(description, node).map((property) => property.name);
		expect(JSON.stringify(node.parameters)).not.toContain('$fromAI(');
		expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
	});

	it("the tool, whose inputs' conditions are the model's expressions, reads the model's value of each", () => {
		const node = toolNode(tool, resource, operation);
		for (const input of shown(tool, node).filter(isModelInput)) {
			expect([input.name, node.parameters[input.name]]).toEqual([input.name, input.default]);
		}
	});
});

/** Parameters the node has and its tool not: a task's Followers and External Notification Receivers (the model gives them in the Fields). */
const NODE_ONLY = new Set(['followers', 'ext_notif_receiver']);

it('each node has its own parameters only: the tool one Tool Description per operation and a model input where the node has a parameter the model fills', () => {
	const counts = [STORAGE_NODE, DVS_NODE, MCP_NODE].map((type) => {
		const node = nodeDescription(type);
		const tool = asTool(type);
		expect(
			JSON.stringify([...node.properties, ...tool.properties].map((property) => property.displayOptions)),
		).not.toContain('@tool');
		expect(node.properties.filter((property) => property.name === 'toolDescription' || isModelInput(property))).toEqual(
			[],
		);
		const descriptions = tool.properties.filter((property) => property.name === 'toolDescription');
		expect(descriptions).toHaveLength(operationsOf(tool).length);
		const rest = tool.properties.filter((property) => property.name !== 'toolDescription');
		// As the operations declare them: the two forms merge what operations declare alike each in its own way.
		const declaredNames = (form: NodeForm) =>
			declaredPropertiesOf(DECLARATIONS[type], form)
				.map((property) => property.name)
				.filter((name) => name !== 'toolDescription' && !NODE_ONLY.has(name));
		expect(declaredNames('tool')).toEqual(declaredNames('node'));
		const inputs = rest.filter(isModelInput);
		expect(inputs.length).toBeGreaterThan(0);
		return (
			`${type.split('.')[1]}: ${node.properties.length} properties; its tool ${tool.properties.length} ` +
			`(${descriptions.length} Tool Descriptions, ${inputs.length} model inputs)`
		);
	});
	// eslint-disable-next-line no-console -- the figures this check prints: the forms' size, node and tool
	console.log(`The nodes as n8n loads them:\n${counts.join('\n')}`);
});
