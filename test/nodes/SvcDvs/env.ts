import type { INodeParameters } from 'n8n-workflow';

import { runNode, type CredentialsMap, type HarnessInputItem, type NodeRunResult } from '../../../devkit/harness';
import { startServiceSimulator, type ServiceSimulator } from '../../../devkit/simulator';
import type { DvsSeed, DvsStore, SeedUser } from '../../../devkit/simulator/dvs';
import { byId, jsonOf } from '../../helpers';

export { jsonOf, byId };

export interface DvsNodeEnv {
	sim: ServiceSimulator;
	store: DvsStore;
	seed: DvsSeed;
	close(): Promise<void>;
}

export async function startDvsNodeEnv(): Promise<DvsNodeEnv> {
	const sim = await startServiceSimulator();
	return { sim, store: sim.dvs.store, seed: sim.dvs.seed, close: () => sim.close() };
}

export function credentialsOf(env: DvsNodeEnv, user: SeedUser): CredentialsMap {
	return { svcDvsApi: { baseUrl: env.sim.baseUrl, user: user.login, accessToken: user.token } };
}

export async function runDvs(
	env: DvsNodeEnv,
	user: SeedUser,
	parameters: INodeParameters,
	extra: { input?: HarnessInputItem[]; continueOnFail?: boolean; typeVersion?: number } = {},
	credentialOverrides: Record<string, string> = {},
): Promise<NodeRunResult> {
	const credentials = credentialsOf(env, user);
	credentials.svcDvsApi = { ...credentials.svcDvsApi, ...credentialOverrides };
	return await runNode({ type: 'n8n-nodes-svc.svcDvs', parameters, credentials, ...extra });
}

/** Get of one document of a register (task, client, contact person, project) as `user`. */
export async function getDocument(
	env: DvsNodeEnv,
	user: SeedUser,
	resource: string,
	documentId: number,
	parameters: INodeParameters = {},
): Promise<NodeRunResult> {
	return await runDvs(env, user, { resource, operation: 'get', documentId: byId(documentId), ...parameters });
}

/** Comment → Add on the task as `user`; `parameters` give the comment and its options. */
export async function addComment(
	env: DvsNodeEnv,
	user: SeedUser,
	taskId: number,
	parameters: INodeParameters,
): Promise<NodeRunResult> {
	return await runDvs(env, user, { resource: 'comment', operation: 'add', task: byId(taskId), ...parameters });
}

/** DVS requests the simulator logged since `from`, as `section/action`. */
export function dvsCalls(env: DvsNodeEnv, from = 0): string[] {
	return env.sim.requests
		.slice(from)
		.filter((entry) => entry.path.startsWith('/api_dvs/') || entry.path.startsWith('/api_v2/'))
		.map((entry) => entry.path.replace(/^\/api_dvs\//, '').replace(/^\/api_v2\//, 'storage/'));
}

export function fieldsParameter(value: Record<string, unknown>): INodeParameters {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] } as unknown as INodeParameters;
}
