/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * The house's one way down, on the code as written and as it runs. Every file of nodes/shared/ stands in one of
 * the layers ARCHITECTURE.md draws and imports only its own layer or one below. Every operation of every action
 * node (walked from the node's router) reaches n8n's request helper through its route and its service (or the
 * services' write executor, which runs the service's planned write), down the layers in their order, never calling a
 * layer above; how many of our frames a REST write stands on is printed, REST Folder → Create at most 8.
 * The stack is read where the credential signs the request (its `authenticate`), which n8n calls from inside the
 * helper.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import * as ts from 'typescript';

import { loadPackage, runNode, type CredentialsMap } from '../../devkit/harness';
import { operationCase } from '../../devkit/operationCases';
import { startServiceSimulator, type ServiceSimulator } from '../../devkit/simulator';

const PACKAGE = loadPackage();
const DIST_NODES = `${PACKAGE.root}/dist/nodes/`.replace(/\\/g, '/');

interface SignedRequest {
	url: string;
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
			const request = args[1] as { url?: string; uri?: string; baseURL?: string };
			signed.push({
				url: `${request.baseURL ?? ''}${request.url ?? request.uri ?? ''}`,
				frames: ourFrames(new Error().stack ?? ''),
			});
			return original.apply(this, args);
		};
	}
});

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

/** The requests of every operation declared `write`, run over REST, with their frames and operation. */
const restWrites: Array<SignedRequest & { operation: string }> = [];

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

function credentials(api: Api, session: boolean): CredentialsMap {
	const pro = sim.demo.pro;
	if (api === 'mcp')
		return { svcMcpApi: { baseUrl: sim.baseUrl, userId: pro.userId, apiToken: pro.apiToken, protocolVersion: 'auto' } };
	const admin = sim.dvs.seed.orgA.users.admin;
	return {
		svcStorageApi: session
			? { baseUrl: sim.baseUrl, authMethod: 'session', sessionId: 'walk' }
			: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: pro.login, accessToken: pro.apiToken ?? '' },
		svcDvsApi: { baseUrl: sim.baseUrl, user: admin.login, accessToken: admin.token },
	};
}

describe.each(Object.entries(NODES))('%s', (_node, node) => {
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the router as built, the same module n8n loads
	const actions = require(`${DIST_NODES}${node.router}`)[node.exportName] as {
		resources: Record<string, Record<string, unknown>>;
	};
	const operations = Object.entries(actions.resources).flatMap(([resource, ops]) =>
		Object.keys(ops).map((operation) => `${resource}.${operation}`),
	);

	const folder = node.router.split('/')[0];

	it.each(operations)('%s reaches the transport through the service', async (operation) => {
		const [resource, name] = operation.split('.');
		// Its run from devkit/operationCases.ts (test/architecture/operationCases.test.ts holds every operation to one).
		const known = operationCase(folder, resource, name);
		if (!known) throw new Error(`${folder} ${operation}: no case in devkit/operationCases.ts`);
		const api: Api = known.api ?? 'rest';
		const authentication = node.type.endsWith('svcMcp') ? 'apiToken' : api === 'mcp' ? 'svcMcpApi' : undefined;
		const from = signed.length;
		await runNode({
			type: node.type,
			parameters: {
				resource,
				operation: name,
				...(authentication ? { authentication } : {}),
				...known.parameters(sim),
			},
			credentials: credentials(api, known.session === true),
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
		const declared = actions.resources[resource][name] as { access?: string };
		if (api === 'rest' && declared.access !== 'read')
			restWrites.push(...requests.map((request) => ({ ...request, operation })));
	});
});

/** A request that only reads (the storage API's and the DVS API's get_*, search_*, and the ROOT lookup). */
const READ_REQUEST = /\/(get|search|list)_\w+$|\/authenticate_user\.php$/;

it("prints how many of our frames the REST writes stand on above n8n's request helper", () => {
	const writes = restWrites.filter((request) => !READ_REQUEST.test(new URL(request.url).pathname));
	const folderCreate = writes.find((request) => request.url.endsWith('/api_v2/create_folder'));
	expect(folderCreate).toBeDefined();
	const deepest = writes.reduce((deep, write) => (write.frames.length > deep.frames.length ? write : deep));
	// eslint-disable-next-line no-console -- the depth is a figure the run prints
	console.log(
		`REST write depth (our frames above n8n's request helper): Folder → Create ${folderCreate?.frames.length}, ` +
			`deepest ${deepest.frames.length} (${deepest.operation}, ${new URL(deepest.url).pathname}): ` +
			(folderCreate?.frames ?? []).slice().reverse().join(' → '),
	);
	// Google Drive V2's writes stand on 4–5: Folder → Create stays within 8 (issue 45).
	expect(folderCreate?.frames.length).toBeLessThanOrEqual(8);
	// The shape, not a count: Folder → Create goes node and route → service → adapter → the one request loop.
	expect(layersDown(folderCreate?.frames ?? [])).toEqual(['node', 'services', 'adapters', 'transport']);
});
