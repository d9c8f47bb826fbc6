import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { REST } from '../../../shared/transport/restCatalogue';
import type { StorageExecute } from '../node.type';
import { parameterOf } from '../../../shared/execution/parameters';

export const option: OperationOption = {
	name: 'Get User Data',
	action: 'Get the user data',
	description: "Get the account's data, including its ROOT folder and optionally its access token",
};
export const access: Access = 'read';
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [
	{
		displayName: 'Include Access Token',
		name: 'includeAccessToken',
		type: 'boolean',
		default: false,
		description:
			"Whether to ask for the account's API access token and put it in the output. It is a secret: " +
			'anyone who can see the execution data can use it.',
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['getUserData'] } },
	properties,
);

const NEVER_OUTPUT = ['pass', 'password', 'PHPSESSID', 'SessionID', 'session_id'];

/** What it gives, for the model reading its tool description. */
export const returns = "the account's name, e-mail, plan and ROOT folder hash";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const includeAccessToken = parameterOf(this, 'includeAccessToken', itemIndex, false) as boolean;
	const body = await storage.accountScript(
		{ row: REST.authenticateUser, purpose: 'read the account data' },
		{ get_user_access_token: includeAccessToken ? true : undefined },
		itemIndex,
	);
	const userData = { ...body };
	for (const name of NEVER_OUTPUT) delete userData[name];
	if (!includeAccessToken) delete userData.user_access_token;
	return [jsonItem(userData, itemIndex)];
};
