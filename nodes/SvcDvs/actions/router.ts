import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { authenticationOf, isMcp } from '../../shared/services/authentication';
import { unavailableOverMcp } from '../../shared/services/availability';
import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import { DEFAULT_TIMEOUT_MS } from '../../shared/descriptions';
import { readTimeout } from '../../shared/parameters';
import { chosenOperation, itemPace, runPerItem } from '../../shared/runPerItem';
import * as attachment from './attachment';
import * as client from './client';
import * as comment from './comment';
import * as contactPerson from './contactPerson';
import type { DvsDeps, DvsOperation, DvsResource } from './node.type';
import * as project from './project';
import * as task from './task';
import * as user from './user';

const resources: Record<DvsResource, Record<string, unknown>> = {
	attachment,
	client,
	comment,
	contactPerson,
	project,
	task,
	user,
};

/** What the MCP endpoint's DVS tools cover (the MCP endpoint: sections task and project_2). */
const MCP_RESOURCES: DvsResource[] = ['attachment', 'comment', 'project', 'task', 'user'];

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const { resource, operationName, operation } = chosenOperation<DvsOperation>(this, resources);
	const overMcp = isMcp(authenticationOf(this, 'svcDvsApi'));
	if (overMcp && !MCP_RESOURCES.includes(resource as DvsResource)) {
		throw unavailableOverMcp(
			this.getNode(),
			`"${resource}" is`,
			"The MCP endpoint's DVS tools cover tasks (with comments and attachments), projects and users only.",
			'Svc DVS API',
		);
	}
	const service = dvsServiceFor(this, (itemIndex) => readTimeout(this, itemIndex, DEFAULT_TIMEOUT_MS));
	return await closingAfter(service, async (dvs) => await runPerItem<DvsDeps>(this, operation.execute, { dvs }, itemPace(this, operationName, overMcp)));
}
