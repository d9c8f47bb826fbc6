/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, no-console -- this file runs in Node under the test tools, never inside n8n; a report key is a name, not a secret */
/**
 * MCP requests per execution, per server and protocol mode, through the real n8n engine: one
 * execution of the Svc MCP node with 100 Tool → Call items, run twice in one process (Auto learns
 * the endpoint's era in the first), and the sessions left open on the server afterwards. (Return
 * All over MCP is in bench/scale.ts.) Run `npm run build` first, then
 * `npx tsx bench/mcp-requests.ts`. Figures only; nothing is asserted.
 */
import '../devkit/setupEnv';

import { runNode } from '../devkit/harness';
import { SDK_PEER_KINDS, startSdkPeer, type SdkPeer } from '../devkit/peers/sdkServers';
import { startServiceSimulator, type ServiceSimulator } from '../devkit/simulator';
import { report } from './report';

const CALLS = 100;
const MODES = [
	['Auto', 'auto'],
	['pinned legacy 2025-06-18', '2025-06-18'],
	['pinned modern 2026-07-28', '2026-07-28'],
] as const;

interface Server {
	label: string;
	endpoint?: string;
	/** Requests received, and how many were refused (4xx), since the server started. */
	counts(): { requests: number; refused: number };
	openSessions(): number;
}

function simulatorServer(sim: ServiceSimulator): Server {
	const mcp = () => sim.requests.filter((entry) => entry.path === '/api/mcp');
	return {
		label: 'simulator (stateless, JSON)',
		counts: () => ({
			requests: mcp().length,
			refused: mcp().filter((entry) => Number(entry.status) >= 400 && Number(entry.status) < 500).length,
		}),
		openSessions: () => 0,
	};
}

function peerServer(peer: SdkPeer): Server {
	return {
		label: peer.kind,
		endpoint: peer.endpoint,
		counts: () => ({
			requests: peer.requests.length,
			refused: peer.requests.filter((entry) => (entry.status ?? 0) >= 400 && (entry.status ?? 0) < 500).length,
		}),
		openSessions: () => peer.openSessions(),
	};
}

async function execution(
	sim: ServiceSimulator,
	server: Server,
	revision: string,
): Promise<{ text: string; requests?: number }> {
	const pro = sim.demo.pro;
	const before = server.counts();
	const result = await runNode({
		type: 'n8n-nodes-svc.svcMcp',
		parameters: {
			resource: 'tool',
			operation: 'call',
			tool: { __rl: true, mode: 'name', value: 'svc_get_folder_info' },
			argumentsMode: 'json',
			argumentsJson: JSON.stringify({ folder_hash: pro.rootFolderHash }),
		},
		credentials: {
			svcMcpApi: {
				baseUrl: sim.baseUrl,
				...(server.endpoint ? { endpointUrl: server.endpoint } : {}),
				userId: pro.userId,
				apiToken: pro.apiToken,
				protocolVersion: revision,
			},
		},
		input: Array.from({ length: CALLS }, (_, n) => ({ json: { n } })),
	});
	const after = server.counts();
	if (result.error)
		return {
			text: /does not support protocol revision/.test(result.error.message)
				? 'refused: revision not spoken'
				: `error: ${result.error.message.slice(0, 40)}`,
		};
	const requests = after.requests - before.requests;
	return { text: `${requests} requests (${after.refused - before.refused} refused)`, requests };
}

async function main(): Promise<void> {
	// Rate limits are the deployment's business, not the client's: widened so 100 calls fit in a run.
	const sim = await startServiceSimulator({ timeScale: 0.001, mcp: { writesEnabled: true, dvsEnabled: true } });
	const peers = await Promise.all(SDK_PEER_KINDS.map(async (kind) => await startSdkPeer(kind, sim)));
	const servers = [simulatorServer(sim), ...peers.map(peerServer)];
	console.log(
		`MCP requests for one execution of ${CALLS} tool calls (first execution | second execution | sessions left open)`,
	);
	console.log(`${'server'.padEnd(30)} ${'mode'.padEnd(26)} ${'first'.padEnd(28)} ${'second'.padEnd(28)} open`);
	let most = 0;
	for (const server of servers) {
		for (const [label, revision] of MODES) {
			const first = await execution(sim, server, revision);
			const second = await execution(sim, server, revision);
			if (revision === 'auto') most = Math.max(most, first.requests ?? 0, second.requests ?? 0);
			console.log(
				`${server.label.padEnd(30)} ${label.padEnd(26)} ${first.text.padEnd(28)} ${second.text.padEnd(28)} ${server.openSessions()}`,
			);
		}
	}
	report({
		key: 'mcpRequestsPer100Calls',
		label: `MCP requests for ${CALLS} tool calls in one execution (Auto, most over the simulator and the SDK servers)`,
		value: most,
	});

	await Promise.all(peers.map(async (peer) => await peer.close()));
	await sim.close();
}

void main().then(() => process.exit(0));
