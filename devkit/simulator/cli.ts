/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n */
import type { DvsSeed } from './dvs';
import { mountDvs, mountMcp } from './index';
import { DOWNLOAD_PREFIX } from './mcp';
import { seedDemo, type DemoData } from './seed';
import { startSimulator, type Simulator, type SimulatorOptions } from './server';

export interface CliOptions {
	port: number;
	ttlSeconds: number;
}

export interface RunningSimulator {
	sim: Simulator;
	demo: DemoData;
	/** Closes the simulator (idempotent). */
	stop: () => Promise<void>;
	/** Resolves once the simulator has stopped (TTL, signal or `stop`). */
	stopped: Promise<void>;
}

export interface MainOptions {
	argv?: string[];
	env?: NodeJS.ProcessEnv;
	simulatorOptions?: Omit<SimulatorOptions, 'port'>;
	/** Extra set-up after seeding (mount DVS or MCP handlers, more data); may print lines. */
	setup?: (sim: Simulator, demo: DemoData) => void | Promise<void> | string[] | Promise<string[]>;
	print?: (line: string) => void;
}

export function parseCliOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
	const valueOf = (flag: string): string | undefined => {
		const inline = argv.find((arg) => arg.startsWith(`${flag}=`));
		if (inline) return inline.slice(flag.length + 1);
		const index = argv.indexOf(flag);
		return index >= 0 ? argv[index + 1] : undefined;
	};
	const port = Number(valueOf('--port') ?? env.SIM_PORT ?? 0);
	const ttlSeconds = Number(valueOf('--ttl-seconds') ?? 3600);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port must be an integer from 0 to 65535');
	if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) throw new Error('--ttl-seconds must be a positive number');
	return { port, ttlSeconds };
}

function credentialLines(sim: Simulator, demo: DemoData): string[] {
	return [
		`Svc simulator listening on ${sim.baseUrl}`,
		'',
		'Demo accounts (simulator-only values):',
		`  FREE   login ${demo.free.login}  password ${demo.free.password}`,
		`  PRO    login ${demo.pro.login}  password ${demo.pro.password}  user_access_token ${demo.pro.apiToken}`,
		`         google_token ${demo.pro.googleToken} (google_email ${demo.pro.email})  apple_code ${demo.pro.appleCode}`,
		`  2FA    login ${demo.twoFactor.login}  password ${demo.twoFactor.password} (403 TWO_FACTOR_REQURIED)  user_access_token ${demo.twoFactor.apiToken}`,
		`  KEYS   login ${demo.keys.login}  password ${demo.keys.password}  user_access_token ${demo.keys.apiToken} (published encryption keys)`,
		'',
		`PRO data: ROOT ${demo.pro.rootFolderHash}, Documents ${demo.folders.documents.hash}, Shared (LINK) ${demo.folders.shared.hash}, Images ${demo.folders.images.hash}`,
		`          contract.pdf ${demo.files.contract.hash} (PRIVATE, signed), brochure.pdf ${demo.files.brochure.hash} (LINK)`,
		'',
		`Control surface: GET ${sim.baseUrl}/__sim/state, POST/DELETE ${sim.baseUrl}/__sim/faults, GET ${sim.baseUrl}/__sim/requests`,
	];
}

/** Starts and seeds the simulator, prints where and how to log in, and stops after the TTL or on SIGINT/SIGTERM. */
export async function main(options: MainOptions = {}): Promise<RunningSimulator> {
	const print = options.print ?? ((line: string) => console.log(line));
	const cli = parseCliOptions(options.argv ?? process.argv.slice(2), options.env ?? process.env);
	const sim = await startSimulator({ ...options.simulatorOptions, port: cli.port });
	const demo = seedDemo(sim);
	const extraLines = (await options.setup?.(sim, demo)) ?? [];

	let resolveStopped: () => void = () => undefined;
	const stopped = new Promise<void>((resolve) => {
		resolveStopped = resolve;
	});
	let stopping: Promise<void> | undefined;
	const onSignal = (): void => void stop();
	const ttlTimer = setTimeout(() => {
		print(`TTL of ${cli.ttlSeconds} s reached, stopping.`);
		void stop();
	}, cli.ttlSeconds * 1000);
	const stop = (): Promise<void> => {
		stopping ??= (async () => {
			clearTimeout(ttlTimer);
			process.off('SIGINT', onSignal);
			process.off('SIGTERM', onSignal);
			await sim.close();
			resolveStopped();
		})();
		return stopping;
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);

	for (const line of [...credentialLines(sim, demo), ...(Array.isArray(extraLines) ? extraLines : [])]) print(line);
	print(`Stops after ${cli.ttlSeconds} s or on Ctrl+C.`);
	return { sim, demo, stop, stopped };
}

/** Lines naming the DVS demo accounts of both organizations. */
function dvsCredentialLines(seed: DvsSeed): string[] {
	const line = (org: string, role: string, user: { login: string; token: string }) =>
		`  DVS ${org} ${role}: user ${user.login}  API access token ${user.token}`;
	return [
		'DVS (Svc DVS API credential, same Base URL):',
		line(seed.orgA.name, 'admin', seed.orgA.users.admin),
		line(seed.orgB.name, 'admin', seed.orgB.users.admin),
	];
}

/** Lines naming the MCP endpoint and bearer credentials of the demo PRO user and the DVS org-A admin. */
function mcpCredentialLines(sim: Simulator, demo: DemoData, seed: DvsSeed): string[] {
	const admin = seed.orgA.users.admin;
	return [
		`MCP endpoint (Svc MCP credential): POST ${sim.baseUrl}/api/mcp  (writes, DVS and OAuth enabled; tools svc_*)`,
		`  PRO    Authorization: Bearer ${demo.pro.userId}:${demo.pro.apiToken}`,
		`  DVS ${seed.orgA.name} admin: Authorization: Bearer ${admin.id}:${admin.token}`,
		`  OAuth: discovery ${sim.baseUrl}/.well-known/oauth-protected-resource/api/mcp (consent page: any login and password above)`,
		`  Large files of svc_read_file: signed links under ${sim.baseUrl}${DOWNLOAD_PREFIX}`,
	];
}

/** The CLI's set-up: mounts DVS and MCP (every MCP switch on) and returns the lines naming their credentials. */
export async function serviceSetup(sim: Simulator, demo: DemoData): Promise<string[]> {
	const dvs = await mountDvs(sim);
	mountMcp(sim, dvs);
	return [...dvsCredentialLines(dvs.seed), '', ...mcpCredentialLines(sim, demo, dvs.seed)];
}

if (require.main === module) {
	main({ setup: serviceSetup }).catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error);
		process.exitCode = 1;
	});
}
