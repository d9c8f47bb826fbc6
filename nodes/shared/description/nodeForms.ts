import type { IDisplayOptions, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { mergedParameters } from './mergedParameters';

/**
 * The two nodes each action node ships as: the node itself (`node`) and its AI tool (`tool`, `svcStorageTool`).
 * A node's parameters are declared once, a parameter that belongs to one of them marked by n8n's `@tool` display
 * condition (a Tool Description, a `$fromAI` input: description/modelInputs.ts); each node gets only its own, with
 * no `@tool` condition left, so n8n checks no parameter of the other on every run (it walks all of a node's
 * parameters before each run, shown or not).
 */
export type NodeForm = 'node' | 'tool';

function withoutTool(rules: IDisplayOptions['show']): IDisplayOptions['show'] | undefined {
	const rest = Object.entries(rules ?? {}).filter(([name]) => name !== '@tool');
	return rest.length ? Object.fromEntries(rest) : undefined;
}

/** Whether a parameter belongs to the form, by its `@tool` conditions (none: to both). */
function belongsTo(property: INodeProperties, form: NodeForm): boolean {
	const asTool = form === 'tool';
	const shown = property.displayOptions?.show?.['@tool'];
	const hidden = property.displayOptions?.hide?.['@tool'];
	if (shown && !(shown as unknown[]).includes(asTool)) return false;
	return !(hidden && (hidden as unknown[]).includes(asTool));
}

/** The parameter as the form has it: its `@tool` conditions, decided, taken out. */
function decided(property: INodeProperties): INodeProperties {
	const { displayOptions } = property;
	if (!displayOptions || (!displayOptions.show?.['@tool'] && !displayOptions.hide?.['@tool'])) return property;
	const options: IDisplayOptions = {
		...displayOptions,
		show: withoutTool(displayOptions.show),
		hide: withoutTool(displayOptions.hide),
	};
	if (!options.show) delete options.show;
	if (!options.hide) delete options.hide;
	const result: INodeProperties = { ...property, displayOptions: options };
	if (!Object.keys(options).length) delete result.displayOptions;
	return result;
}

/** The parameter in one form: decided, and so are the options of a collection (Include Capability Keys has two). */
function inForm(property: INodeProperties, form: NodeForm): INodeProperties {
	const own = decided(property);
	if (property.type !== 'collection' || !property.options) return own;
	const options = (property.options as INodeProperties[]).filter((option) => belongsTo(option, form)).map(decided);
	return { ...own, options };
}

/** A node's parameters in one form as its operations declare them: its own, without `@tool` conditions. */
export function declaredPropertiesOf(properties: INodeProperties[], form: NodeForm): INodeProperties[] {
	return properties.filter((property) => belongsTo(property, form)).map((property) => inForm(property, form));
}

const forms = new WeakMap<INodeProperties[], Partial<Record<NodeForm, INodeProperties[]>>>();

/**
 * A node's parameters in one form, each that operations declare alike merged into one (mergedParameters.ts):
 * merged once per declaration, each node instance given its own list.
 */
export function propertiesOf(properties: INodeProperties[], form: NodeForm): INodeProperties[] {
	let known = forms.get(properties);
	if (!known) forms.set(properties, (known = {}));
	known[form] ??= mergedParameters(declaredPropertiesOf(properties, form));
	return [...known[form]];
}

/**
 * The AI tool of an action node, as n8n offers a tool to an agent (an `ai_tool` output, no input, `Tool` after the
 * node's name and type): the node's parameters in their tool form and `text` as what the tool does. Its type is
 * the one n8n gave the tool before the package shipped it (`svcStorageTool`), so saved tool nodes run on.
 */
export function toolNodeDescription(
	node: INodeTypeDescription,
	properties: INodeProperties[],
	text: string,
): INodeTypeDescription {
	return {
		...node,
		displayName: `${node.displayName} Tool`,
		name: `${node.name}Tool`,
		description: text,
		inputs: [],
		outputs: [NodeConnectionTypes.AiTool],
		properties: propertiesOf(properties, 'tool'),
	};
}
