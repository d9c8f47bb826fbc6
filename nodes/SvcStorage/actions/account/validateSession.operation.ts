import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { STORAGE_CREDENTIAL_TYPE } from '../../../shared/transport/storageApi';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { REST } from '../../../shared/transport/restCatalogue';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Validate Session',
	action: 'Validate the session',
	description: "Check whether the credential's session is valid",
};
export const access: Access = 'read';
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [
	{
		displayName:
			'Checks whether the session of a credential with Authentication "Session ID" is still valid. ' +
			'The session ID itself is a secret and is not output.',
		name: 'validateSessionNotice',
		type: 'notice',
		default: '',
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['account'], operation: ['validateSession'] } },
	properties,
);

const METHOD_NAMES: Record<string, string> = { accessToken: 'User and Access Token', password: 'User and Password' };

/** What it gives, for the model reading its tool description. */
export const returns = 'whether the session is valid';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	// validate_session.php looks only at a session: with a token or password credential it would
	// always answer "not valid", which reads as a broken credential. Say so instead.
	const credentials = await this.getCredentials(STORAGE_CREDENTIAL_TYPE, itemIndex);
	const method = String(credentials.authMethod ?? 'accessToken');
	if (method !== 'session') {
		refuseInput(
			this,
			itemIndex,
			`Validate Session needs a credential that uses a session, but this one uses "${METHOD_NAMES[method] ?? method}"`,
			'Choose a Svc Storage API credential with Authentication "Session ID". To check that this ' +
				'credential works, use Account > Get User Data.',
		);
	}
	const body = await storage.accountScript(
		{ row: REST.validateSession, purpose: 'validate the session' },
		{},
		itemIndex,
	);
	const valid = isTrue(body.Success ?? body.success);
	const said = body.Message ?? body.message;
	const sessionId = String(credentials.sessionId ?? '');
	// The SessionID field is never output; a message that quotes the id is masked.
	const message =
		typeof said === 'string' && said ? (sessionId ? said.split(sessionId).join('[redacted]') : said) : null;
	return [jsonItem({ valid, message }, itemIndex)];
};

/** PHP services send booleans as true, 1, "1" or "true". */
function isTrue(value: unknown): boolean {
	return (
		value === true || value === 1 || (typeof value === 'string' && ['1', 'true'].includes(value.trim().toLowerCase()))
	);
}
