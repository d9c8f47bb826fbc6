import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import {
	baseUrlProperty,
	foreignRequestProblem,
	REDIRECT_TEST_RULES,
	withoutRedirects,
} from './common/credentialFields';
import { withBodyFields } from '../nodes/shared/transport/bodyFields';

export class SvcDvsApi implements ICredentialType {
	name = 'svcDvsApi';

	displayName = 'Svc DVS API';

	icon: Icon = { light: 'file:../icons/svc-dvs.svg', dark: 'file:../icons/svc-dvs.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		baseUrlProperty(),
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'name@example.com',
			description: 'Login name or e-mail address of the account',
		},
		{
			displayName: 'API Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: "Generated in the account's API key settings. The password and MCP tokens do not work here.",
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const problem = foreignRequestProblem(requestOptions, [credentials.baseUrl], 'Svc DVS API');
		if (problem !== undefined) throw new Error(problem);
		const fields = { user: String(credentials.user ?? ''), user_access_token: String(credentials.accessToken ?? '') };
		const refusal =
			'The Svc DVS API credential signs with body fields (user and access token), and a binary ' +
			'body has none: send JSON, or a file as Form-Data (the attachment upload takes multipart)';
		return withoutRedirects(withBodyFields(requestOptions, fields, refusal));
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api_dvs/task/get_fields',
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			json: true,
			disableFollowRedirect: true,
		},
		rules: [
			...REDIRECT_TEST_RULES,
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Svc DVS did not accept these credentials: check the user and the API access token, and that ' +
						'the account belongs to an organization with DMS enabled',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 405,
					message: 'The account may not use the task register: its group needs write permission on tasks and projects',
				},
			},
		],
	};
}
