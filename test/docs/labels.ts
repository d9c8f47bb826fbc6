/**
 * The labels n8n's editor shows for the package, as n8n loads it from the built package: each node's parameters,
 * options and choices, its actions, the credentials' fields, and the names n8n gives the package's nodes and new
 * credentials. Beside them, the words of n8n's own screens the pages send a user to. The docs tests hold the
 * pages' italics (`*Label*`) to these.
 */
import type { ICredentialType, INodeProperties, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

import { loadPackage } from '../../devkit/harness';

/** A label and what it names: a parameter (with its default), or a choice of one. */
export interface Label {
	label: string;
	property?: INodeProperties;
	choiceOf?: INodeProperties;
	value?: unknown;
}

/** Words of n8n's own screens and nodes, not the package's: what the pages tell a user to click or set. */
export const N8N_LABELS = [
	// the node's settings and the executions list
	'Retry On Fail',
	'Retry execution',
	'Execute Once',
	'On Error',
	'Stop Workflow',
	'Continue',
	'Continue (using error output)',
	'Save execution progress',
	// the editor
	'Execute step',
	'Execute workflow',
	'Fetch Test Event',
	'Poll Times',
	'Import from File',
	'⋯',
	'Create new credential',
	'Test',
	'Connect',
	'OAuth Redirect URL',
	'Tools',
	'Settings',
	'Community Nodes',
	'Install',
	'Data & Storage',
	'Productivity',
	'Development',
	// n8n's own nodes and their settings
	'Manual Trigger',
	'Convert to File',
	'Loop Over Items',
	'Remove Duplicates',
	'Remove Items Processed in Previous Executions',
	'MCP Server Trigger',
	'AI Agent',
];

/** The words n8n's editor drops from a credential type's display name to name a new credential, by n8n line. */
export const DROPPED_FROM_CREDENTIAL_NAMES = {
	'1.123': ['API', 'OAuth1', 'OAuth2'],
	'2.41': ['API', 'OAuth1', 'OAuth2', 'MCP'],
};

/** The name n8n gives a new credential of a type: its display name without the dropped words, then "account". */
export const newCredentialName = (type: ICredentialType, line: keyof typeof DROPPED_FROM_CREDENTIAL_NAMES = '2.41') =>
	`${type.displayName
		.split(' ')
		.filter((word) => !DROPPED_FROM_CREDENTIAL_NAMES[line].includes(word))
		.join(' ')} account`;

function labelsOfProperties(properties: INodeProperties[]): Label[] {
	const found: Label[] = [];
	const walk = (items: INodeProperties[]) => {
		for (const property of items) {
			if (property.type === 'notice') continue;
			found.push({ label: property.displayName, property });
			const options = (property.options ?? []) as Array<INodePropertyOptions | INodeProperties>;
			if (property.type === 'options' || property.type === 'multiOptions')
				for (const choice of options as INodePropertyOptions[]) {
					found.push({ label: choice.name, choiceOf: property, value: choice.value });
					if (choice.action) found.push({ label: choice.action, choiceOf: property, value: choice.value });
				}
			else if (property.type === 'collection') walk(options as INodeProperties[]);
			else if (property.type === 'fixedCollection')
				for (const group of options as unknown as Array<{ displayName: string; values: INodeProperties[] }>) {
					found.push({ label: group.displayName });
					walk(group.values);
				}
		}
	};
	walk(properties);
	return found;
}

const descriptionOf = (type: string): INodeTypeDescription =>
	loadPackage().nodeTypes.getByNameAndVersion(type).description;

/** What the editor shows for one node of the package: its name, as a tool too, and every label of its parameters. */
export function nodeLabels(type: string): Label[] {
	const description = descriptionOf(type);
	const names = [description.displayName];
	if (description.usableAsTool) names.push(`${description.displayName} Tool`);
	return [...names.map((label) => ({ label })), ...labelsOfProperties(description.properties)];
}

/** What the credential forms show: each type's name, the name n8n gives a new one, its fields and choices. */
export function credentialLabels(): Label[] {
	const { credentialTypes, credentialTypeNames } = loadPackage();
	return credentialTypeNames.flatMap((name) => {
		const type = credentialTypes.getByName(name);
		return [
			{ label: type.displayName },
			{ label: newCredentialName(type) },
			...labelsOfProperties(type.properties.filter((property) => property.type !== 'hidden')),
		];
	});
}

/** Every label of the package and of n8n's screens the pages may name. */
export function everyLabel(): Label[] {
	return [
		...loadPackage().nodeTypeNames.flatMap(nodeLabels),
		...credentialLabels(),
		...N8N_LABELS.map((label) => ({ label })),
	];
}
