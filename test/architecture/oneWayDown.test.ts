/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The house's one way down, on the code as written and as it runs. Every file of nodes/shared/ stands in one of
 * the layers ARCHITECTURE.md draws and imports only its own layer or one below; the write executor (exactlyOnce/)
 * imports nothing of the services above it. Every operation of every action node (walked from the node's router)
 * reaches n8n's request helper through its route and its service (or the services' write executor, which runs the
 * service's planned write), down the layers in their order, never calling a layer above. Every write operation, over
 * each API its file declares, stands on at most 8 of our frames above the helper (over MCP: at most 6 above the
 * transport, whose MCP client is not yet held to it); the depths are printed.
 * The stack is read where the credential signs the request (its `authenticate`), which n8n calls from inside the
 * helper.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import * as ts from 'typescript';

import { loadPackage, runNode, type CredentialsMap } from '../../devkit/harness';
import { operationCase, type OperationCase } from '../../devkit/operationCases';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';

const PACKAGE = loadPackage();
const DIST_NODES = `${PACKAGE.root}/dist/nodes/`.replace(/\\/g, '/');

interface SignedRequest {
	url: string;
	/** The MCP tool a `tools/call` request calls. */
	tool?: string;
	/** Our frames, innermost first, as `file:function`. */
	frames: string[];
}

const signed: SignedRequest[] = [];

/** Every credential type's `authenticate` records the request's URL and our part of the stack. */
beforeAll(() => {
	Error.stackTraceLimit = 200;
	for (const name of PACKAGE.credentialTypeNames) {
		const type = PACKAGE.credentialTypes.getByName(name) as { authenticate?: (...args: unknown[]) => unknown };
		const original = type.authenticate;
		if (typeof original !== 'function') continue;
		type.authenticate = function (this: unknown, ...args: unknown[]) {
			const request = args[1] as { url?: string; uri?: string; baseURL?: string; body?: unknown };
			signed.push({
				url: `${request.baseURL ?? ''}${request.url ?? request.uri ?? ''}`,
				tool: toolCalled(request.body),
				frames: ourFrames(new Error().stack ?? ''),
			});
			return original.apply(this, args);
		};
	}
});

/** The tool a JSON-RPC `tools/call` body calls (as a string or an object), else undefined. */
function toolCalled(body: unknown): string | undefined {
	let message: unknown = body;
	if (typeof body === 'string' || Buffer.isBuffer(body)) {
		try {
			message = JSON.parse(body.toString());
		} catch {
			return undefined;
		}
	}
	const call = message as { method?: unknown; params?: { name?: unknown } } | null;
	return call?.method === 'tools/call' && typeof call.params?.name === 'string' ? call.params.name : undefined;
}

function ourFrames(stack: string): string[] {
	return stack
		.split('\n')
		.filter((line) => line.replace(/\\/g, '/').includes(DIST_NODES))
		.map((line) => {
			const match =
				/at (?:async )?(\S+)(?: \[as \S+\])? \((.*?):\d+:\d+\)/.exec(line) ??
				/at (?:async )?()(.*?):\d+:\d+/.exec(line);
			return match ? `${match[2].replace(/\\/g, '/').slice(DIST_NODES.length)}:${match[1]}` : line.trim();
		});
}

/**
 * The layers of nodes/shared/ from the top down, as ARCHITECTURE.md draws them; a node's own files
 * (nodes/Svc*) stand above them all. `polling/` (the triggers' state) stands apart: it imports no layer.
 */
const LAYERS = ['node', 'execution', 'description', 'services', 'adapters', 'transport'] as const;
const APART = 'polling';

/** The layer of a path under nodes/ (a source file or a built frame's `file:function`), by its folder. */
function layerOf(path: string): number {
	const folder = /^shared\/([^/]+)\//.exec(path)?.[1];
	return folder === undefined ? 0 : LAYERS.indexOf(folder as (typeof LAYERS)[number]);
}

const NODES_DIR = resolve(__dirname, '..', '..', 'nodes');

function sourcesUnder(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		if (statSync(path).isDirectory()) return sourcesUnder(path);
		return name.endsWith('.ts') ? [relative(NODES_DIR, path).replace(/\\/g, '/')] : [];
	});
}

/** The files of nodes/ a source file imports (relative specifiers, resolved to paths under nodes/). */
function importsOf(file: string): string[] {
	const source = ts.createSourceFile(file, readFileSync(join(NODES_DIR, file), 'utf8'), ts.ScriptTarget.Latest);
	return source.statements.flatMap((statement) => {
		const specifier =
			(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
		if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) return [];
		return [join(dirname(file), specifier.text).replace(/\\/g, '/')];
	});
}

describe('the layers of nodes/shared, as written', () => {
	const files = sourcesUnder(NODES_DIR);

	it('every file of nodes/shared stands in a layer folder (or in polling/, apart)', () => {
		const folders = [...LAYERS.slice(1), APART];
		const loose = files.filter((file) => file.startsWith('shared/') && !folders.includes(file.split('/')[1]));
		expect(loose).toEqual([]);
		expect(files.filter((file) => file.startsWith('shared/')).length).toBeGreaterThan(50);
	});

	it('imports only its own layer or one below; polling/ imports no layer and no layer imports it', () => {
		const upward = files.flatMap((file) =>
			importsOf(file)
				.filter((target) => target.startsWith('shared/'))
				.filter((target) => {
					const apart = [file, target].filter((path) => path.startsWith(`shared/${APART}/`)).length;
					if (apart > 0) return apart === 1 && file.startsWith('shared/');
					return layerOf(target) < layerOf(file);
				})
				.map((target) => `${file} imports ${target}`),
		);
		expect(upward).toEqual([]);
	});

	it('exactlyOnce/ (the write executor) imports nothing of the services above it, types included', () => {
		// The services hand the executor their sends, reads and verdicts as data; it never reaches back into
		// storage/, dvs/, mcp/ or ServiceOverAdapter.ts (nor any other services file outside exactlyOnce/).
		const EXECUTOR_FOLDER = 'shared/services/exactlyOnce/';
		const above = files
			.filter((file) => file.startsWith(EXECUTOR_FOLDER))
			.flatMap((file) =>
				importsOf(file)
					.filter((target) => target.startsWith('shared/services/') && !target.startsWith(EXECUTOR_FOLDER))
					.map((target) => `${file} imports ${target}`),
			);
		expect(above).toEqual([]);
	});

	it('reads a layer the way the running code does', () => {
		expect(['SvcStorage/x.ts', 'shared/execution/router.ts', 'shared/transport/mcp/client.ts'].map(layerOf)).toEqual([
			0, 1, 5,
		]);
	});
});

/**
 * A running frame's layer. The route (execution/) runs the node's operation, which it is handed in the node's
 * table, never imports: node and route are one level while a request runs.
 */
function runningLayerOf(frame: string): number {
	return Math.max(layerOf(frame), LAYERS.indexOf('execution')) - 1;
}

const RUNNING = ['node', ...LAYERS.slice(2)];

/** The layers a request's frames pass through, from the node down (the stack is innermost first). */
function layersDown(frames: string[]): string[] {
	const passed = frames.map((frame) => RUNNING[runningLayerOf(frame)]).reverse();
	return passed.filter((layer, index) => index === 0 || layer !== passed[index - 1]);
}

/** Each frame called from a frame of a lower layer (the stack is innermost first: a caller is below its callee). */
function upwardCalls(frames: string[]): string[] {
	return frames.flatMap((frame, index) => {
		const lowerCaller = frames.slice(index + 1).find((caller) => runningLayerOf(caller) > runningLayerOf(frame));
		return lowerCaller ? [`${frame} under ${lowerCaller}`] : [];
	});
}

let sim: ServiceSimulator;
beforeAll(async () => {
	sim = await startServiceSimulator();
});
afterAll(async () => await sim.close());

type Api = 'rest' | 'mcp';

/**
 * The services' write executor and its verdicts by kind (a create's executor.ts, sets.ts, sends.ts): a write a service
 * plans runs there, the service's method handing on its promise.
 */
const EXECUTOR = /^shared\/services\/exactlyOnce\/(executor|sets|sends)\.js/;

/** Each action node: its type, its service's file, its router as built (the module n8n loads) and its export. */
const NODES: Record<string, { type: string; service: string; router: string; exportName: string }> = {
	'Svc Storage': {
		type: 'n8n-nodes-svc.svcStorage',
		// StorageService.js, and StorageSets.js it builds on (the sets and sends).
		service: 'shared/services/storage/Storage',
		router: 'SvcStorage/actions/router.js',
		exportName: 'storageActions',
	},
	'Svc DVS': {
		type: 'n8n-nodes-svc.svcDvs',
		service: 'shared/services/dvs/DvsService.js',
		router: 'SvcDvs/actions/router.js',
		exportName: 'dvsActions',
	},
	'Svc MCP': {
		type: 'n8n-nodes-svc.svcMcp',
		service: 'shared/services/mcp/McpService.js',
		router: 'SvcMcp/actions/router.js',
		exportName: 'mcpActions',
	},
};

/** The credentials of a run: the demo storage account's, the DVS organization's admin (over MCP too, for DVS). */
function credentials(api: Api, session: boolean, dvs: boolean): CredentialsMap {
	const pro = sim.demo.pro;
	const admin = sim.dvs.seed.orgA.users.admin;
	if (api === 'mcp') {
		const user = dvs ? { userId: admin.id, apiToken: admin.token } : { userId: pro.userId, apiToken: pro.apiToken };
		return { svcMcpApi: { baseUrl: sim.baseUrl, ...user, protocolVersion: 'auto' } };
	}
	return {
		svcStorageApi: session
			? { baseUrl: sim.baseUrl, authMethod: 'session', sessionId: 'walk' }
			: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: pro.login, accessToken: pro.apiToken ?? '' },
		svcDvsApi: { baseUrl: sim.baseUrl, user: admin.login, accessToken: admin.token },
	};
}

interface Declared {
	access?: string;
	runsOver?: readonly Api[];
	writes?: { kind: 'create' | 'set' | 'send' };
}

/** A write operation's run over one API: its case, its declared write and the requests it signed. */
interface WriteRun {
	api: Api;
	known: OperationCase;
	declared?: Declared['writes'];
	requests: SignedRequest[];
}

/** Every write operation's runs, by `node resource.operation over api` (filled by the walks below). */
const writeRuns = new Map<string, WriteRun>();

/** The label a write operation's run is named by in the depth test. */
const writeLabel = (node: string, operation: string, api: Api): string =>
	`${node} ${operation} over ${api === 'rest' ? 'REST' : 'MCP'}`;

/** Each action node with its router as built (the module n8n loads) and its operations as `resource.operation`. */
const ROUTED = Object.entries(NODES).map(([name, node]) => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the router as built, the same module n8n loads
	const actions = require(`${DIST_NODES}${node.router}`)[node.exportName] as {
		resources: Record<string, Record<string, Declared>>;
	};
	const operations = Object.entries(actions.resources).flatMap(([resource, ops]) =>
		Object.entries(ops).map(([operation, declared]) => ({ operation: `${resource}.${operation}`, declared })),
	);
	return { name, node, folder: node.router.split('/')[0], operations };
});

/** An operation's case (devkit/operationCases.ts; test/architecture/operationCases.test.ts holds each to one). */
function caseOf(folder: string, operation: string): OperationCase {
	const [resource, name] = operation.split('.');
	const known = operationCase(folder, resource, name);
	if (!known) throw new Error(`${folder} ${operation}: no case in devkit/operationCases.ts`);
	return known;
}

/** Runs an operation's case over an API and checks each request it signed went down the layers; gives them. */
async function walk(node: (typeof NODES)[string], known: OperationCase, api: Api): Promise<SignedRequest[]> {
	const authentication = node.type.endsWith('svcMcp') ? 'apiToken' : api === 'mcp' ? 'svcMcpApi' : undefined;
	const from = signed.length;
	await runNode({
		type: node.type,
		parameters: {
			resource: known.resource,
			operation: known.operation,
			...(authentication ? { authentication } : {}),
			...known.parameters(sim),
		},
		credentials: credentials(api, known.session === true, node.type.endsWith('svcDvs')),
		continueOnFail: true,
		...(known.input ? { input: known.input() } : {}),
	});
	const requests = signed.slice(from);
	expect(requests.length).toBeGreaterThan(0);
	for (const request of requests) {
		expect(request.frames.some((frame) => frame.startsWith(node.service) || EXECUTOR.test(frame))).toBe(true);
		expect(upwardCalls(request.frames)).toEqual([]);
		// The node's route, the service, (its adapter,) the one request loop: in that order, each once.
		expect(request.frames.some((frame) => /^shared\/execution\/router\.js:.*route$/.test(frame))).toBe(true);
		expect(layersDown(request.frames)).toEqual(expect.arrayContaining(['node', 'services', 'transport']));
		expect(layersDown(request.frames)).toEqual([...new Set(layersDown(request.frames))]);
		expect(request.frames[0]).toMatch(/^shared\/transport\/http\.js:sendServiceCall$/);
	}
	return requests;
}

describe.each(ROUTED)('$name', ({ name: nodeName, node, folder, operations }) => {
	it.each(operations.map(({ operation }) => operation))(
		'%s reaches the transport through the service',
		async (operation) => {
			const known = caseOf(folder, operation);
			const api: Api = known.api ?? 'rest';
			const requests = await walk(node, known, api);
			const declared = operations.find((routed) => routed.operation === operation)?.declared;
			if (declared?.access !== 'read')
				writeRuns.set(writeLabel(nodeName, operation, api), { api, known, declared: declared?.writes, requests });
		},
	);

	// A write its case runs over REST, run over MCP too where its file declares it runs there.
	const overMcpToo = operations
		.filter(({ declared }) => declared.access !== 'read' && declared.runsOver?.includes('mcp'))
		.map(({ operation }) => operation)
		.filter((operation) => (caseOf(folder, operation).api ?? 'rest') === 'rest');
	if (overMcpToo.length > 0)
		it.each(overMcpToo)('%s over MCP reaches the transport through the service', async (operation) => {
			const known = caseOf(folder, operation);
			const requests = await walk(node, known, 'mcp');
			const declared = operations.find((routed) => routed.operation === operation)?.declared.writes;
			writeRuns.set(writeLabel(nodeName, operation, 'mcp'), { api: 'mcp', known, declared, requests });
		});
});

/** Every write operation over every API its file declares (the MCP node's over MCP): what the depth test holds. */
const WRITE_RUNS = ROUTED.flatMap(({ name, operations }) =>
	operations
		.filter(({ declared }) => declared.access !== 'read')
		.flatMap(({ operation, declared }) =>
			(name === 'Svc MCP' ? (['mcp'] as const) : (declared.runsOver ?? ['rest'])).map((api) =>
				writeLabel(name, operation, api),
			),
		),
);

/** Google Drive V2's writes stand on 4–5 of its frames; ours on at most this many above n8n's request helper. */
const MOST_FRAMES = 8;

/**
 * Our frames above the transport layer a write may stand on: MOST_FRAMES less REST's request loop (sendApiCall →
 * sendServiceCall). Over MCP this is what is held: the MCP client itself (transport/mcp: client → session →
 * messages → streamable HTTP) stands on 10 frames of its own below it, which MOST_FRAMES does not hold yet.
 */
const MOST_ABOVE_TRANSPORT = MOST_FRAMES - 2;

/** How many of a request's frames (innermost first) stand above the transport layer. */
const aboveTransport = (frames: string[]): number =>
	frames.filter((frame) => runningLayerOf(frame) < RUNNING.indexOf('transport')).length;

/**
 * The request that writes among those a run signed: REST, the action its case answers with (its path's last part);
 * MCP, the `tools/call` of its case's tool (the MCP node's Tool → Call: the tool it calls).
 */
function writeRequestOf(run: WriteRun): SignedRequest | undefined {
	if (run.api === 'rest') {
		const action = run.known.answers.rest?.action;
		return run.requests.find(
			(request) =>
				new URL(request.url).pathname
					.split('/')
					.pop()
					?.replace(/\.php$/, '') === action,
		);
	}
	const tool = run.known.answers.mcp?.tool;
	return run.requests.find((request) => request.tool !== undefined && (tool === undefined || request.tool === tool));
}

const depths: string[] = [];

describe("every write stands on at most 8 of our frames above n8n's request helper", () => {
	it.each(WRITE_RUNS)('%s', (label) => {
		const run = writeRuns.get(label);
		if (!run) throw new Error(`${label}: not run (its walk above failed or was skipped)`);
		const write = writeRequestOf(run);
		if (!write)
			throw new Error(`${label}: no request of its write among ${run.requests.map((r) => r.tool ?? r.url).join(', ')}`);
		const path = write.frames.slice().reverse().join(' → ');
		const above = aboveTransport(write.frames);
		depths.push(`${label}: ${write.frames.length} (${above} above the transport)`);
		if (run.api === 'rest' && write.frames.length > MOST_FRAMES)
			throw new Error(`${label} stands on ${write.frames.length} of our frames (at most ${MOST_FRAMES}): ${path}`);
		if (above > MOST_ABOVE_TRANSPORT)
			throw new Error(
				`${label} stands on ${above} of our frames above the transport (at most ${MOST_ABOVE_TRANSPORT}): ${path}`,
			);
	});

	it('prints them, and Folder → Create goes node and route → service → adapter → the one request loop', () => {
		// eslint-disable-next-line no-console -- the depths are figures the run prints
		console.log(`Write depth (our frames above n8n's request helper):\n${depths.join('\n')}`);
		const folderCreate = writeRequestOf(writeRuns.get(writeLabel('Svc Storage', 'folder.create', 'rest'))!);
		// The shape, not a count (issue 45).
		expect(layersDown(folderCreate?.frames ?? [])).toEqual(['node', 'services', 'adapters', 'transport']);
	});
});

/**
 * The executor each kind of write runs through (description/operation.ts `Writes`): a create `writeOnce`, a set
 * `setOnce`, a send `sendOnce`. A DVS update is a set that `writeOnce` runs: its turn keeps two updates of one
 * document apart, and its verdict is the values the document holds (services/dvs/verdicts.ts).
 */
const EXECUTOR_OF = { create: 'executor.js:writeOnce', set: 'sets.js:setOnce', send: 'sends.js:sendOnce' };
const SETS_RUN_AS_CREATES = /^Svc DVS (task|contactPerson)\.update over/;

describe('every write runs through the executor of the kind its file declares', () => {
	it.each(WRITE_RUNS)('%s', (label) => {
		const run = writeRuns.get(label);
		if (!run) throw new Error(`${label}: not run (its walk above failed or was skipped)`);
		const write = writeRequestOf(run);
		const executors = (write?.frames ?? [])
			.filter((frame) => EXECUTOR.test(frame))
			.map((frame) => frame.replace('shared/services/exactlyOnce/', ''));
		const kind = run.declared?.kind;
		// Its case calls a read-only tool, which no executor runs; its writes are walked below.
		if (label.startsWith('Svc MCP tool.call')) return expect(executors).toEqual([]);
		const expected = kind === 'set' && SETS_RUN_AS_CREATES.test(label) ? EXECUTOR_OF.create : kind && EXECUTOR_OF[kind];
		expect({ kind, executors }).toEqual({ kind, executors: expect.arrayContaining([expected]) });
	});

	/** Tool → Call of a write tool: the create, set or send the tool is (services/mcp/toolWrites.ts). */
	const toolCalls = (): Array<[string, Record<string, unknown>, boolean, keyof typeof EXECUTOR_OF]> => [
		['svc_create_folder', { parent_folder_hash: sim.demo.pro.rootFolderHash, folder_name: 'walked' }, false, 'create'],
		['svc_rename_folder', { folder_hash: renamed, folder_name: 'walked-renamed' }, false, 'set'],
		['svc_dvs_add_comment', { dvs_document_id: sim.dvs.seed.orgA.tasks.design, comment: 'walked' }, true, 'send'],
	];
	let renamed = '';

	it.each([0, 1, 2])("Svc MCP's Tool → Call runs a write tool as its kind (%s)", async (index) => {
		renamed ||= sim.storage.createFolder(sim.demo.pro.userId, sim.demo.pro.rootFolderHash, 'to-rename').hash;
		const [tool, args, dvs, kind] = toolCalls()[index];
		const from = signed.length;
		await runNode({
			type: NODES['Svc MCP'].type,
			parameters: {
				resource: 'tool',
				operation: 'call',
				tool: { __rl: true, mode: 'name', value: tool },
				argumentsMode: 'json',
				argumentsJson: JSON.stringify(args),
			},
			credentials: credentials('mcp', false, dvs),
			continueOnFail: true,
		});
		const write = signed.slice(from).find((request) => request.tool === tool);
		const executors = (write?.frames ?? []).filter((frame) => EXECUTOR.test(frame));
		expect({ tool, executors }).toEqual({
			tool,
			executors: expect.arrayContaining([`shared/services/exactlyOnce/${EXECUTOR_OF[kind]}`]),
		});
	});
});
