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

export class SvcStorageApi implements ICredentialType {
	name = 'svcStorageApi';

	displayName = 'Svc Storage API';

	icon: Icon = { light: 'file:../icons/svc.svg', dark: 'file:../icons/svc.dark.svg' };

	documentationUrl = 'https://github.com/n8n-nodes-svc/n8n-nodes-svc/blob/main/docs/credentials.md';

	properties: INodeProperties[] = [
		baseUrlProperty(),
		{
			displayName: 'Authentication',
			name: 'authMethod',
			type: 'options',
			options: [
				{
					name: 'User and Access Token',
					value: 'accessToken',
					description: 'An API access token from the account settings; works with two-factor accounts',
				},
				{
					name: 'User and Password',
					value: 'password',
					description: 'Sent as HTTP Basic authentication; not possible for accounts with two-factor authentication',
				},
				{
					name: 'Session ID',
					value: 'session',
					description: 'An existing session (PHPSESSID); it stops working when the session ends',
				},
			],
			default: 'accessToken',
		},
		{
			displayName: 'User',
			name: 'user',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'name@example.com',
			description: 'Login name or e-mail address of the account',
			displayOptions: { show: { authMethod: ['accessToken', 'password'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['accessToken'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authMethod: ['password'] } },
		},
		// eslint-disable-next-line @n8n/community-nodes/credential-unnecessary-password -- a session ID is a password
		{
			displayName: 'Session ID',
			name: 'sessionId',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The value of the PHPSESSID cookie of a logged-in session',
			displayOptions: { show: { authMethod: ['session'] } },
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const problem = foreignRequestProblem(requestOptions, [credentials.baseUrl], 'Svc Storage API');
		if (problem !== undefined) throw new Error(problem);
		const headers = { ...(requestOptions.headers ?? {}) };
		const method = credentials.authMethod ?? 'accessToken';
		if (method === 'password') {
			const pair = `${String(credentials.user ?? '')}:${String(credentials.password ?? '')}`;
			headers.Authorization = `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;
			return withoutRedirects({ ...requestOptions, headers });
		}
		if (method === 'session') {
			headers.Cookie = `PHPSESSID=${String(credentials.sessionId ?? '')}`;
			return withoutRedirects({ ...requestOptions, headers });
		}
		const fields = { user: String(credentials.user ?? ''), user_access_token: String(credentials.accessToken ?? '') };
		// The storage API's account scripts are GET with their parameters in the query string.
		if ((requestOptions.method ?? 'GET').toUpperCase() === 'GET') {
			return withoutRedirects({ ...requestOptions, headers, qs: { ...(requestOptions.qs ?? {}), ...fields } });
		}
		const refusal =
			'The Svc Storage API credential signs with body fields (user and access token), and a binary ' +
			'body has none: send the file as Form-Data (upload_file takes multipart), or choose the "User ' +
			'and Password" or "Session ID" method, which sign through a header';
		return withoutRedirects(withBodyFields({ ...requestOptions, headers }, fields, refusal));
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '/api/get_storage_data.php',
			method: 'GET',
			disableFollowRedirect: true,
		},
		rules: [
			...REDIRECT_TEST_RULES,
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'Svc did not accept these credentials: check the user and the access token, password or session ' +
						'ID (a session ID stops working when its session ends)',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						'Svc refused the login. If the account uses two-factor authentication, a password login cannot ' +
						'complete it: choose "User and Access Token" instead',
				},
			},
		],
	};
}
