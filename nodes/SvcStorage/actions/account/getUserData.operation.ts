import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { accountScript } from './accountScript';

const properties: INodeProperties[] = [
	{
		displayName: 'Include Access Token',
		name: 'includeAccessToken',
		type: 'boolean',
		default: false,
		description:
			'Whether to ask for the account\'s API access token and put it in the output. It is a secret: anyone who can see the execution data can use it.',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['account'], operation: ['getUserData'] } }, properties);

const NEVER_OUTPUT = ['pass', 'password', 'PHPSESSID', 'SessionID', 'session_id'];

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const includeAccessToken = this.getNodeParameter('includeAccessToken', itemIndex, false) as boolean;
	const body = await accountScript(
		this,
		itemIndex,
		'authenticate_user',
		{ get_user_access_token: includeAccessToken ? true : undefined },
		'read the account data',
	);
	const userData = { ...body };
	for (const name of NEVER_OUTPUT) delete userData[name];
	if (!includeAccessToken) delete userData.user_access_token;
	return [jsonItem(userData, itemIndex)];
}
