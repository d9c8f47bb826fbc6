/**
 * The simulator with its demo data and credentials of every type for its demo accounts, as the
 * templates (examples/), `npm start`, the output schemas and the tests use them.
 */
import type { CredentialsMap } from './harness';
import { startServiceSimulator, type ServiceSimulator } from './simulator';

/** Credentials of every type for the simulator's demo accounts. */
export function demoCredentials(sim: ServiceSimulator): CredentialsMap {
	const pro = sim.demo.pro;
	const dvsAdmin = sim.dvs.seed.orgA.users.admin;
	return {
		svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: pro.login, accessToken: pro.apiToken },
		svcDvsApi: { baseUrl: sim.baseUrl, user: dvsAdmin.login, accessToken: dvsAdmin.token },
		svcMcpApi: { baseUrl: sim.baseUrl, userId: pro.userId, apiToken: pro.apiToken },
	};
}

/** The address the import template fetches; the demo simulator plays that host, so nothing leaves the machine. */
export const DEMO_IMPORT_URL = 'https://files.example.com/reports/annual-report.pdf';

/** The simulator with its demo data, as the templates, `npm start` and the e2e tests use it. */
export async function startDemoSimulator(options: { port?: number } = {}): Promise<ServiceSimulator> {
	return await startServiceSimulator({
		port: options.port,
		mcpDeps: {
			resolveHost: async (host) => (host === new URL(DEMO_IMPORT_URL).hostname ? ['93.184.215.14'] : []),
			fetchSource: async ({ url }) =>
				url === DEMO_IMPORT_URL
					? {
							status: 200,
							contentType: 'application/pdf',
							body: Buffer.from('%PDF-1.7\n% Annual report (demo)\n%%EOF\n'),
						}
					: { status: 404, body: Buffer.from('not found') },
		},
	});
}
