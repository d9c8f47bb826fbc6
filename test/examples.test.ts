/** The README's templates (examples/): every one runs against the simulator, every node without an error. */
import { EXAMPLE_FILES, isAgentTemplate, readExample, runExample, type ExampleWorkflow } from '../examples/examples';
import { startDemoSimulator } from '../devkit/demo';
import type { ServiceSimulator } from '../devkit/simulator';
import { loadPackage } from '../devkit/harness';
import { newCredentialName } from './docs/labels';

/** n8n's own credential types the AI templates use, by the name n8n gives a new one. */
const DEFAULT_NAMES: Record<string, string> = { openAiApi: 'OpenAI account', httpBearerAuth: 'Bearer Auth account' };

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startDemoSimulator();
});
afterAll(async () => await sim.close());

it('there are example workflows', () => {
	expect(EXAMPLE_FILES.length).toBeGreaterThanOrEqual(8);
});

// An agent template needs a chat model: test/e2e/agent.e2e.ts runs it in a real n8n with the scripted model.
const RUN_HERE = EXAMPLE_FILES.filter((file) => !isAgentTemplate(readExample(file)));
const AGENTS = EXAMPLE_FILES.filter((file) => isAgentTemplate(readExample(file)));

it('there are AI templates (an agent, an MCP server), with Svc nodes as their tools, set up as the editor leaves a new tool', () => {
	expect(AGENTS.length).toBeGreaterThanOrEqual(2);
	for (const file of AGENTS) {
		const workflow = readExample(file);
		const tools = workflow.nodes.filter((node) => /^n8n-nodes-svc\.svc\w+Tool$/.test(node.type));
		expect(tools.map((node) => node.type).sort()).toEqual([
			'n8n-nodes-svc.svcDvsTool',
			'n8n-nodes-svc.svcMcpTool',
			'n8n-nodes-svc.svcStorageTool',
		]);
		for (const tool of tools) {
			// No description written by hand: each operation's own Tool Description reaches the model.
			expect(tool.parameters).not.toHaveProperty('toolDescription');
			expect(Object.keys(workflow.connections[tool.name])).toEqual(['ai_tool']);
		}
	}
});

it.each(RUN_HERE)('%s runs, and each of its service nodes produces items without an error', async (file) => {
	const run = await runExample(sim, file);
	expect(run.failure).toBeUndefined();
	expect(run.nodes.filter((node) => node.error).map((node) => `${node.name}: ${node.error}`)).toEqual([]);
	expect(run.nodes.length).toBeGreaterThan(1);
	const last = run.nodes[run.nodes.length - 1];
	expect([last.name, last.items.length > 0]).toEqual([last.name, true]);
});

it.each(EXAMPLE_FILES)(
	'%s is a template a user can share: a note saying what it does, only Svc and n8n core nodes, no secrets, no instance IDs',
	(file) => {
		const workflow = readExample(file);
		const note = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote');
		expect(String(note?.parameters.content ?? '')).toMatch(/^## .+\n[\s\S]*\*\*Set up:\*\*/);
		// An agent template also has n8n's own AI nodes: a chat trigger, the agent and a chat model; an MCP server template the MCP Server Trigger.
		const allowed = isAgentTemplate(workflow)
			? /^(n8n-nodes-(svc|base)\.|@n8n\/n8n-nodes-langchain\.(chatTrigger|agent|lmChatOpenAi|mcpTrigger)$)/
			: /^n8n-nodes-(svc|base)\./;
		expect(workflow.nodes.filter((node) => !allowed.test(node.type)).map((node) => node.type)).toEqual([]);
		// A credential by the name n8n gives a new one of its type ("Svc Storage account"), no ID of the instance the
		// template came from: n8n's editor drops an unknown ID on import and binds a credential of that name.
		for (const node of workflow.nodes) {
			for (const [type, reference] of Object.entries(node.credentials ?? {})) {
				const name = DEFAULT_NAMES[type] ?? newCredentialName(loadPackage().credentialTypes.getByName(type));
				expect(reference).toEqual({ id: null, name });
			}
		}
	},
);

/** The node version n8n's editor gives a node of ours added now (a tool node is its node's tool). */
function newNodeVersion(type: string): number {
	const { description } = loadPackage().nodeTypes.getByNameAndVersion(type.replace(/Tool$/, ''));
	const versions = [description.version].flat();
	return description.defaultVersion ?? Math.max(...versions);
}

it.each(EXAMPLE_FILES)(
	'%s has each Svc node at the version the editor gives a new one, and keeps capability keys only where it says so',
	(file) => {
		const workflow = readExample(file);
		const ours = workflow.nodes.filter((node) => node.type.startsWith('n8n-nodes-svc.'));
		expect(ours.map((node) => [node.name, node.typeVersion])).toEqual(
			ours.map((node) => [node.name, newNodeVersion(node.type)]),
		);
		// A version 2 node outputs no edit, upload or delete key unless its Include Capability Keys is on: a template
		// whose expressions read one switches the option on in one of its nodes.
		const readsKey = /_key\b/.test(JSON.stringify(workflow.nodes.map((node) => node.parameters)));
		const keepsKeys = ours.some(
			(node) => (node.parameters.options as { capabilityKeys?: boolean } | undefined)?.capabilityKeys === true,
		);
		expect({ readsKey, keepsKeys }).not.toEqual({ readsKey: true, keepsKeys: false });
	},
);

it("the status-change template mentions the task's responsible user", async () => {
	const fresh = await startDemoSimulator();
	try {
		const run = await runExample(fresh, 'dvs-status-change-mention.json');
		const task = run.nodes.find((node) => node.name === 'Task status changed')!.items[0].json as {
			dvs_document_id: number;
			responsible: { id: number };
		};
		expect(fresh.dvs.store.mentionedUsers(task.dvs_document_id)).toEqual([task.responsible.id]);
	} finally {
		await fresh.close();
	}
});

it('the backup template run twice makes a second backup with no more files than the first: it leaves out its own backups', async () => {
	const fresh = await startDemoSimulator();
	try {
		const backupOf = async () => {
			const run = await runExample(fresh, 'storage-backup-documents.json');
			expect(run.nodes.filter((node) => node.error).map((node) => `${node.name}: ${node.error}`)).toEqual([]);
			const folder = run.nodes.find((node) => node.name === 'Create backup folder')!.items[0].json;
			return fresh.storage.listChildren(String(folder.folder_hash)).filter((item) => item.type === 'file');
		};
		const first = await backupOf();
		const second = await backupOf();
		expect(first.length).toBeGreaterThan(0);
		expect(second.length).toBeLessThanOrEqual(first.length);
		expect(second.map((file) => file.name).sort()).toEqual(first.map((file) => file.name).sort());
	} finally {
		await fresh.close();
	}
});

/** A template that starts with one of the package's polling triggers. */
const startsWithSvcTrigger = (workflow: ExampleWorkflow) =>
	workflow.nodes.some((node) => /^n8n-nodes-svc\.svc\w+Trigger$/.test(node.type));

/**
 * What is wrong with a trigger template's deduplication: every node after the trigger must be n8n's Remove
 * Duplicates v2 keeping items whose `event_id` is new across executions, unless the note says why the workflow
 * need not ("… need not deduplicate …").
 */
function deduplicationFaults(workflow: ExampleWorkflow): string[] {
	const note = String(workflow.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')?.parameters.content);
	if (/\bneed not deduplicate\b/i.test(note)) return [];
	return workflow.nodes
		.filter((node) => /^n8n-nodes-svc\.svc\w+Trigger$/.test(node.type))
		.flatMap((trigger) =>
			(workflow.connections[trigger.name]?.main ?? []).flat().flatMap(({ node: name }) => {
				const next = workflow.nodes.find((node) => node.name === name)!;
				const { operation, logic, dedupeValue } = next.parameters;
				const deduplicates =
					next.type === 'n8n-nodes-base.removeDuplicates' &&
					next.typeVersion === 2 &&
					operation === 'removeItemsSeenInPreviousExecutions' &&
					[undefined, 'removeItemsWithAlreadySeenKeyValues'].includes(logic as string | undefined) &&
					String(dedupeValue).replace(/\s+/g, '') === '={{$json.event_id}}';
				return deduplicates ? [] : [`${trigger.name} → ${name}: not Remove Duplicates on event_id`];
			}),
		);
}

const TRIGGER_TEMPLATES = EXAMPLE_FILES.filter((file) => startsWithSvcTrigger(readExample(file)));

it('there are trigger templates', () => {
	expect(TRIGGER_TEMPLATES.length).toBeGreaterThanOrEqual(3);
});

it.each(TRIGGER_TEMPLATES)(
	'%s lets each event through once: Remove Duplicates on event_id right after the trigger, or its note says why not',
	(file) => {
		expect(deduplicationFaults(readExample(file))).toEqual([]);
	},
);

it('the deduplication check fails a trigger template that neither deduplicates nor says why not', () => {
	const workflow = readExample('storage-backup-new-files.json');
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-svc.svcStorageTrigger')!;
	const bare: ExampleWorkflow = {
		...workflow,
		nodes: workflow.nodes.filter((node) => node.type !== 'n8n-nodes-base.removeDuplicates'),
		connections: { ...workflow.connections, [trigger.name]: workflow.connections['Skip repeated events'] },
	};
	delete bare.connections['Skip repeated events'];
	expect(deduplicationFaults(bare)).toEqual([
		`${trigger.name} → Upload copy to Backup: not Remove Duplicates on event_id`,
	]);
	const explained = structuredClone(bare);
	const note = explained.nodes.find((node) => node.type === 'n8n-nodes-base.stickyNote')!;
	note.parameters.content = `${String(note.parameters.content)} Uploading a file twice only replaces it, so it need not deduplicate.`;
	expect(deduplicationFaults(explained)).toEqual([]);
});

it.each(TRIGGER_TEMPLATES)(
	'%s, run twice as one workflow on the same event, passes the event on once (n8n’s engine, Remove Duplicates’ own store)',
	async (file) => {
		const fresh = await startDemoSimulator();
		try {
			const workflowId = `template-${file}`;
			const first = await runExample(fresh, file, { workflowId });
			const second = await runExample(fresh, file, { workflowId });
			const passed = (run: typeof first) =>
				run.nodes.find((node) => node.name === 'Skip repeated events')?.items.length ?? 0;
			expect(first.nodes.filter((node) => node.error).map((node) => node.name)).toEqual([]);
			expect([passed(first), passed(second)]).toEqual([1, 0]);
			// Nothing after the deduplication ran the second time.
			expect(second.nodes.map((node) => node.name)).toEqual(first.nodes.map((node) => node.name).slice(0, 2));
		} finally {
			await fresh.close();
		}
	},
);
