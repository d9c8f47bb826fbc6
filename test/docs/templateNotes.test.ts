/**
 * Each template's note (its sticky note) holds to the template's nodes: every name it sets in bold is a node of
 * the template, a node type's, an action or a label of one of its nodes; the credentials it asks for, by their
 * types' names, are the ones its nodes use; the pickers it asks to set are the ones left empty; a fixed ID in a
 * filter is named. What the rest of a note says is checked by hand (docs/DEVELOPMENT.md, "Templates").
 */
import { EXAMPLE_FILES, readExample, type ExampleWorkflow } from '../../examples/examples';
import { loadPackage } from '../../devkit/harness';
import { declaredOperations, displayNameOf, labelsOf } from './declared';

const OURS = 'n8n-nodes-svc.';
/** The credential types a note may name, by their names in n8n; a node on the MCP API key takes OAuth2 as well. */
const CREDENTIAL_TYPES = ['svcStorageApi', 'svcDvsApi', 'svcMcpApi', 'svcMcpOAuth2Api'];
const typeName = (type: string) => loadPackage().credentialTypes.getByName(type).displayName;
const ALSO_ACCEPTED: Record<string, string> = { svcMcpApi: 'svcMcpOAuth2Api' };
const PICKED = ['folder', 'project', 'task', 'file'];

type Node = ExampleWorkflow['nodes'][number];

const noteOf = (workflow: ExampleWorkflow): string =>
	String(workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')!.parameters.content);
const setUpOf = (note: string): string => note.slice(note.indexOf('**Set up:**'));
/** The node type of ours a node is, a tool node as its node (`svcStorageTool` → `svcStorage`). */
const baseType = (node: Node): string | undefined =>
	node.type.startsWith(OURS) ? node.type.replace(/Tool$/, '') : undefined;

/** Names a note may set in bold: the template's node names, our node types' names, actions and labels. */
function vocabulary(workflow: ExampleWorkflow): Set<string> {
	const words = new Set(['Set up:', ...workflow.nodes.map((node) => node.name)]);
	for (const node of workflow.nodes) {
		const type = baseType(node);
		if (!type) continue;
		words.add(displayNameOf(type));
		for (const label of labelsOf(type)) words.add(label);
		const { resource, operation } = node.parameters;
		const used = declaredOperations(type).find(
			(entry) => entry.values.resource === resource && entry.values.operation === operation,
		);
		if (used) words.add(used.action);
	}
	return words;
}

/** The empty resource locators in "From list" mode: what a user must pick after importing. */
function pickers(workflow: ExampleWorkflow): Set<string> {
	const kinds = new Set<string>();
	for (const node of workflow.nodes) {
		for (const [name, value] of Object.entries(node.parameters)) {
			const locator = value as { __rl?: boolean; mode?: string; value?: unknown };
			if (!locator?.__rl || locator.mode !== 'list' || locator.value !== '') continue;
			const kind = PICKED.find((word) => name.toLowerCase().endsWith(word));
			if (kind) kinds.add(kind);
		}
	}
	return kinds;
}

describe.each(EXAMPLE_FILES)('the note of %s', (file) => {
	const workflow = readExample(file);
	const note = noteOf(workflow);
	const setUp = setUpOf(note);

	it('sets in bold only the names of its nodes, their types, actions and labels', () => {
		const words = vocabulary(workflow);
		const bold = [...note.matchAll(/\*\*([^*]+)\*\*/g)].map((match) => match[1]);
		expect(bold.filter((word) => !words.has(word))).toEqual([]);
	});

	it('asks for the credentials its nodes use, by their type, and no other', () => {
		const used = [...new Set(workflow.nodes.flatMap((node) => Object.keys(node.credentials ?? {})))].filter((type) =>
			CREDENTIAL_TYPES.includes(type),
		);
		const text = setUp.replace(/\s+/g, ' ');
		const named = CREDENTIAL_TYPES.filter((type) => text.includes(typeName(type)));
		const accepted = [...used, ...used.map((type) => ALSO_ACCEPTED[type])];
		expect(named.filter((type) => !accepted.includes(type))).toEqual([]);
		expect(used.filter((type) => !named.includes(type))).toEqual([]);
	});

	it('asks to pick what the template leaves empty, and nothing else', () => {
		const asked = new Set(
			[...setUp.matchAll(/\bthe (?:[\w-]+ )?(folder|project|task|file)\b/g)].map((match) => match[1]),
		);
		expect([...asked].sort()).toEqual([...pickers(workflow)].sort());
	});

	it('names every fixed ID a filter holds', () => {
		const ids = workflow.nodes.flatMap((node) => {
			const filters = (node.parameters.filters as { filter?: Array<{ values?: unknown[] }> } | undefined)?.filter;
			return (filters ?? []).flatMap((filter) => filter.values ?? []).filter((value) => typeof value === 'number');
		});
		expect(ids.filter((id) => !note.includes(String(id)))).toEqual([]);
	});
});

it('the check of bold names would catch an operation the template does not have', () => {
	const workflow = readExample('agent-chat-over-svc.json');
	expect(vocabulary(workflow).has('Create a task')).toBe(false);
	expect(vocabulary(workflow).has('Get many tasks')).toBe(true);
});
