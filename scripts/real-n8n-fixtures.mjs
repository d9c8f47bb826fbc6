// Writes the credentials and the example workflows for scripts/real-n8n-check.sh: credentials point at
// the running simulator (base URL and demo logins read from its start-up output).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const { BASE_URL: baseUrl, SIM_LOG: simLog, WORK: work } = process.env;
const log = readFileSync(simLog, 'utf8');
const proToken = /login demo\.pro .*user_access_token (\S+)/.exec(log)[1];
const [, dvsUser, dvsToken] = /DVS .* admin: user (\S+)\s+API access token (\S+)/.exec(log);
const [, proId, proApiToken] = /PRO\s+Authorization: Bearer (\d+):(\S+)/.exec(log);

const credentials = {
	svcStorageApi: { id: 'svcStorageCred0001', name: 'Svc Storage account', data: { baseUrl, authMethod: 'accessToken', user: 'demo.pro', accessToken: proToken } },
	svcDvsApi: { id: 'svcDvsCred00000002', name: 'Svc DVS account', data: { baseUrl, user: dvsUser, accessToken: dvsToken } },
	svcMcpApi: { id: 'svcMcpCred00000003', name: 'Svc MCP account', data: { baseUrl, userId: Number(proId), apiToken: proApiToken } },
};
writeFileSync(
	join(work, 'credentials.json'),
	JSON.stringify(Object.entries(credentials).map(([type, c]) => ({ id: c.id, name: c.name, type, data: c.data }))),
);

const examples = readdirSync('examples').filter((name) => name.endsWith('.json')).sort();
examples.forEach((file, index) => {
	const workflow = JSON.parse(readFileSync(join('examples', file), 'utf8'));
	workflow.id = `svcExample${index}`;
	workflow.active = false;
	for (const node of workflow.nodes) {
		for (const [type, reference] of Object.entries(node.credentials ?? {})) reference.id = credentials[type].id;
	}
	writeFileSync(join(work, `workflow-${index}.json`), JSON.stringify(workflow));
});
