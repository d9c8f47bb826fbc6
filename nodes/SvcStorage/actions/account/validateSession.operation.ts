import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { accountScript } from './legacyCall';

const properties: INodeProperties[] = [
	{
		displayName: 'Checks whether the credential\'s login is accepted as a session. The session ID itself is a secret and is not output.',
		name: 'validateSessionNotice',
		type: 'notice',
		default: '',
	},
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['account'], operation: ['validateSession'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const body = await accountScript(this, itemIndex, 'validate_session', {}, 'validate the session');
	const message = body.Message ?? body.message ?? null;
	return [jsonItem({ valid: body.Success === true || body.success === true, message }, itemIndex)];
}
