import type { IExecuteFunctions } from 'n8n-workflow';

import { DVS_UNAVAILABILITY } from '../../shared/adapters/availability';
import type { NodeActions } from '../../shared/execution/router';
import { apiOf } from '../../shared/services/authentication';
import { dvsServiceFor } from '../../shared/services/serviceFor';
import * as attachment from './attachment';
import * as client from './client';
import * as comment from './comment';
import * as contactPerson from './contactPerson';
import type { DvsDeps } from './node.type';
import * as project from './project';
import * as task from './task';
import * as user from './user';

/** The Svc DVS node's operations by resource, over the DVS service of its credential. */
export const dvsActions: NodeActions<DvsDeps> = {
	resources: {
		attachment: attachment.operations,
		client: client.operations,
		comment: comment.operations,
		contactPerson: contactPerson.operations,
		project: project.operations,
		task: task.operations,
		user: user.operations,
	},
	apiOf: (ctx: IExecuteFunctions) => apiOf(ctx, 'svcDvsApi'),
	open(ctx, itemTimeout, records) {
		const dvs = dvsServiceFor(ctx, itemTimeout, records);
		return { deps: { dvs }, close: async () => await dvs.close() };
	},
	unavailability: DVS_UNAVAILABILITY,
};
