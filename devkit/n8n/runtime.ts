/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any -- this file runs in Node under the test tools, never inside n8n; its errors are for a person at a terminal; it reads answers of every shape */
/**
 * A real n8n of each supported line (N8N_LINE: 2.41, the default, or 1.123) on loopback with this
 * package installed the way users install it: the packed tarball in `<user folder>/.n8n/nodes`. Used
 * by `npm start` / `npm run demo` and the e2e tests. The facts behind each setting:
 * ../shared/n8n-runtime.md.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const PROJECT_ROOT = resolve(__dirname, '..', '..');
export const PACKAGE_NAME = 'n8n-nodes-svc';
export const OWNER = { email: 'owner@svc-demo.test', firstName: 'Demo', lastName: 'Owner', password: 'Svc-demo-2026' };

/** The n8n lines the package supports: the oldest and the newest a self-hoster runs. */
export const N8N_LINES = ['1.123', '2.41'] as const;
export type N8nLine = (typeof N8N_LINES)[number];

/** The line this process works with: N8N_LINE, else the newest. */
export function n8nLine(): N8nLine {
	const line = process.env.N8N_LINE ?? '2.41';
	if (!(N8N_LINES as readonly string[]).includes(line))
		throw new Error(`N8N_LINE=${line} is not a supported n8n line (${N8N_LINES.join(', ')})`);
	return line as N8nLine;
}

export const isN8n1 = (): boolean => n8nLine() === '1.123';

interface Install {
	bin: string;
	node: string;
}

let installed: Install | undefined;

/** Installs the line's n8n and its Node once (scripts/n8n/install.sh, cached outside the clone). */
function install(): Install {
	if (installed) return installed;
	const result = spawnSync('bash', [join(PROJECT_ROOT, 'scripts', 'n8n', 'install.sh'), n8nLine()], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (result.status !== 0) throw new Error(`installing n8n ${n8nLine()} failed (exit ${result.status})`);
	const [bin, node] = result.stdout.trim().split('\n').slice(-2);
	installed = { bin: realpathSync(bin), node: realpathSync(node) };
	return installed;
}

/** The n8n CLI script of this line, installed on first use. */
export function ensureN8n(): string {
	return install().bin;
}

/** The Node that runs this line's n8n (22 for 1.123, 24 for 2.41). */
export function n8nNode(): string {
	return install().node;
}

/** The `node_modules` folder of the n8n install (n8n-nodes-base lives there). */
export function n8nModules(): string {
	return resolve(ensureN8n(), '..', '..', '..');
}

export async function freePort(): Promise<number> {
	return await new Promise((resolvePort, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number };
			server.close(() => resolvePort(port));
		});
	});
}

/**
 * The README's install ("Install": from a clone, with npm), word for word: a `package.json` for the nodes folder
 * when it has none (else npm would install into a parent folder), then npm with the flags that give the tree
 * n8n's own installer gives: the package alone, no second n8n-workflow (a peer) and no install scripts.
 * test/release/installCommand.test.ts holds the README to it.
 */
export const NODES_FOLDER_MANIFEST = '{"name":"installed-nodes","private":true}';
export const INSTALL_FLAGS = ['--legacy-peer-deps', '--ignore-scripts'] as const;

/** `npm install` as the README gives it, for `spec` (the package name there; a packed tarball here). */
export function installCommand(spec: string): string[] {
	return ['npm', 'install', ...INSTALL_FLAGS, spec];
}

/** Installs `spec` into `nodes` (a `.n8n/nodes` folder) with the README's commands. */
export function installIntoNodesFolder(nodes: string, spec: string): void {
	mkdirSync(nodes, { recursive: true });
	if (!existsSync(join(nodes, 'package.json')))
		writeFileSync(join(nodes, 'package.json'), `${NODES_FOLDER_MANIFEST}\n`);
	const [npm, ...args] = installCommand(spec);
	const result = spawnSync(npm, args, { cwd: nodes, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`${installCommand(spec).join(' ')} failed in ${nodes}: ${result.stderr}`);
}

/**
 * A fresh user folder with the packed package installed as a community package. The package is packed as built:
 * every caller builds first (`npm run test:e2e`, `npm start`), so the build `npm pack` runs itself (`prepack`) is
 * skipped here.
 */
export function prepareUserFolder(parent = tmpdir()): string {
	const work = mkdtempSync(join(parent, 'svc-n8n-'));
	const packed = spawnSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work], {
		cwd: PROJECT_ROOT,
		encoding: 'utf8',
	});
	if (packed.status !== 0) throw new Error(`npm pack failed: ${packed.stderr}`);
	const tarball = readdirSync(work).find((name) => name.startsWith(`${PACKAGE_NAME}-`) && name.endsWith('.tgz'));
	if (!tarball) throw new Error('npm pack wrote no tarball (run npm run build first)');
	installIntoNodesFolder(join(work, '.n8n', 'nodes'), join(work, tarball));
	return work;
}

export interface N8nEnvOptions {
	userFolder: string;
	port?: number;
	brokerPort?: number;
	extra?: Record<string, string>;
}

/** The environment of a headless n8n on loopback that makes no call outside the machine. */
export function n8nEnv({ userFolder, port, brokerPort, extra = {} }: N8nEnvOptions): NodeJS.ProcessEnv {
	// n8n's own temporary files (data-table uploads, …) stay in the user folder and go with it.
	const temp = join(userFolder, 'tmp');
	mkdirSync(temp, { recursive: true });
	const env: NodeJS.ProcessEnv = {
		PATH: `${resolve(n8nNode(), '..')}:${process.env.PATH ?? ''}`,
		HOME: userFolder,
		TMPDIR: temp,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: 'svc-demo-encryption-key',
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		N8N_AI_ENABLED: 'false',
		// n8n 1.x exits at start on a module name it does not know.
		...(isN8n1() ? {} : { N8N_DISABLED_MODULES: 'mcp-registry' }),
		N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		DB_SQLITE_POOL_SIZE: '2',
		N8N_LOG_LEVEL: 'warn',
		GENERIC_TIMEZONE: 'UTC',
		...extra,
	};
	if (port !== undefined) {
		env.N8N_PORT = String(port);
		env.N8N_EDITOR_BASE_URL = `http://127.0.0.1:${port}`;
		env.WEBHOOK_URL = `http://127.0.0.1:${port}/`;
	}
	if (brokerPort !== undefined) env.N8N_RUNNERS_BROKER_PORT = String(brokerPort);
	return env;
}

/**
 * Runs an n8n CLI command to its end. Asynchronous on purpose: the simulator n8n calls may live in this
 * process, and a synchronous child would keep it from answering.
 */
export async function runN8nCli(
	bin: string,
	args: string[],
	env: NodeJS.ProcessEnv,
): Promise<{ status: number; stdout: string; stderr: string }> {
	const child = spawn(n8nNode(), [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
	const stdout: Buffer[] = [];
	const stderr: Buffer[] = [];
	child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
	child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
	const status = await new Promise<number>((done) => child.once('close', (code) => done(code ?? 1)));
	return { status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
}

/**
 * The JSON result of `n8n execute --rawOutput`: printed indented, from a line that opens with `{` to one that is
 * `}`; log lines may come before it and, on a busy machine, after it (the task runner's shutdown).
 */
export function executionResult(stdout: string): {
	status?: string;
	data: { resultData: { runData: Record<string, any[]>; error?: { message: string } } };
} {
	const opening = stdout.startsWith('{') ? 0 : stdout.indexOf('\n{') + 1;
	const closing = stdout.lastIndexOf('\n}');
	return JSON.parse(closing > opening ? stdout.slice(opening, closing + 2) : stdout.slice(opening));
}

export interface N8nProcess {
	child: ChildProcess;
	/** What the process printed so far. */
	output: () => string;
	stop: () => Promise<void>;
}

/** Starts a long-running n8n command (`start`, `worker`); `stop()` ends it with SIGTERM, then SIGKILL. */
export function spawnN8n(bin: string, args: string[], env: NodeJS.ProcessEnv): N8nProcess {
	const child = spawn(n8nNode(), [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: false });
	let output = '';
	const keep = (chunk: Buffer) => {
		output = (output + chunk.toString('utf8')).slice(-200_000);
	};
	child.stdout!.on('data', keep);
	child.stderr!.on('data', keep);
	const exited = new Promise<void>((done) => child.once('exit', () => done()));
	return {
		child,
		output: () => output,
		stop: async () => {
			if (child.exitCode !== null || child.signalCode !== null) return;
			child.kill('SIGTERM');
			const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
			await exited;
			clearTimeout(killer);
		},
	};
}

/**
 * Whether an answer comes from n8n's REST API itself. While it migrates its database n8n already
 * listens and answers every path 200 with the page "n8n is starting up. Please wait", and its routes
 * are mounted only after that: a JSON answer is the first sign the API is there.
 */
export function isRestApiAnswer(answer: { ok: boolean; headers: { get: (name: string) => string | null } }): boolean {
	return answer.ok && (answer.headers.get('content-type') ?? '').includes('application/json');
}

/** Waits until `url` gives an answer `ready` accepts (any 200 by default), or throws with the process output after `timeoutMs`. */
export async function waitForHttp(
	url: string,
	processOutput: () => string,
	timeoutMs = 120_000,
	ready: (answer: Response) => boolean = (answer) => answer.ok,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		try {
			const answer = await fetch(url);
			await answer.arrayBuffer();
			if (ready(answer)) return;
		} catch {
			// not listening yet
		}
		await new Promise((wait) => setTimeout(wait, 500));
	}
	throw new Error(`n8n did not answer ${url} within ${timeoutMs / 1000} s:\n${processOutput().slice(-4000)}`);
}

/** n8n's REST API as the editor uses it: owner set-up, login cookie, JSON in and out. */
export class N8nRest {
	private cookie = '';

	constructor(readonly url: string) {}

	async setUpOwner(): Promise<void> {
		const answer = await fetch(`${this.url}/rest/owner/setup`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(OWNER),
		});
		if (!answer.ok && answer.status !== 400)
			throw new Error(`owner set-up answered ${answer.status}: ${await answer.text()}`);
		await this.login();
	}

	async login(): Promise<void> {
		const answer = await fetch(`${this.url}/rest/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ emailOrLdapLoginId: OWNER.email, password: OWNER.password }),
		});
		if (!answer.ok) throw new Error(`login answered ${answer.status}: ${await answer.text()}`);
		this.cookie = (answer.headers.getSetCookie?.() ?? []).map((line) => line.split(';')[0]).join('; ');
	}

	async request<T = any>(method: string, path: string, body?: unknown): Promise<T> {
		const send = async () =>
			await fetch(`${this.url}${path}`, {
				method,
				headers: { cookie: this.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
				body: body === undefined ? undefined : JSON.stringify(body),
				redirect: 'manual',
			});
		let answer: Response;
		try {
			answer = await send();
		} catch (error) {
			// A kept-alive connection n8n closed while idle fails before the request is sent: send it once more.
			if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
			answer = await send();
		}
		const text = await answer.text();
		if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 500)}`);
		const parsed = text ? JSON.parse(text) : {};
		return (parsed && typeof parsed === 'object' && 'data' in parsed ? parsed.data : parsed) as T;
	}

	/** GET with the login cookie, returning the raw response (OAuth callback, pages). */
	async raw(path: string): Promise<Response> {
		return await fetch(path.startsWith('http') ? path : `${this.url}${path}`, {
			headers: { cookie: this.cookie },
			redirect: 'manual',
		});
	}
}

export interface RunningN8n {
	url: string;
	port: number;
	userFolder: string;
	env: NodeJS.ProcessEnv;
	bin: string;
	rest: N8nRest;
	processes: N8nProcess[];
	stop: () => Promise<void>;
}

export interface StartOptions {
	/** An existing user folder (from `prepareUserFolder`); one is made (and removed on stop) otherwise. */
	userFolder?: string;
	/** Runs before `n8n start` with the folder and environment ready (imports, say). */
	beforeStart?: (bin: string, env: NodeJS.ProcessEnv) => void | Promise<void>;
	extraEnv?: Record<string, string>;
	/** Workers to start beside the main process (queue mode; `extraEnv` carries the Redis settings). */
	workers?: number;
	/** Jobs each worker runs at once (n8n's default is 10). */
	workerConcurrency?: number;
	port?: number;
	keepUserFolder?: boolean;
}

/** Starts `n8n start` (and workers) on loopback, sets up the owner and logs in. */
export async function startN8n(options: StartOptions = {}): Promise<RunningN8n> {
	const bin = ensureN8n();
	const ownFolder = !options.userFolder;
	const userFolder = options.userFolder ?? prepareUserFolder();
	const port = options.port ?? (await freePort());
	const env = n8nEnv({ userFolder, port, brokerPort: await freePort(), extra: options.extraEnv });
	const processes: N8nProcess[] = [];
	const stop = async () => {
		for (const process of processes.reverse()) await process.stop();
		if (ownFolder && !options.keepUserFolder && existsSync(userFolder))
			rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		await options.beforeStart?.(bin, { ...env, N8N_RUNNERS_BROKER_PORT: String(await freePort()) });
		const main = spawnN8n(bin, ['start'], env);
		processes.push(main);
		// n8n 1.x answers its readiness check before the REST API is mounted: wait for the API itself.
		await waitForHttp(`http://127.0.0.1:${port}/rest/settings`, main.output, 120_000, isRestApiAnswer);
		for (let index = 0; index < (options.workers ?? 0); index++) {
			const workerEnv = {
				...env,
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
				QUEUE_HEALTH_CHECK_ACTIVE: 'true',
				QUEUE_HEALTH_CHECK_PORT: String(await freePort()),
			};
			const worker = spawnN8n(bin, ['worker', `--concurrency=${options.workerConcurrency ?? 10}`], workerEnv);
			processes.push(worker);
			await waitForHttp(`http://127.0.0.1:${workerEnv.QUEUE_HEALTH_CHECK_PORT}/healthz`, worker.output);
		}
		const url = `http://127.0.0.1:${port}`;
		const rest = new N8nRest(url);
		await rest.setUpOwner();
		return { url, port, userFolder, env, bin, rest, processes, stop };
	} catch (error) {
		await stop();
		throw error;
	}
}
