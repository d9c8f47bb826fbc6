import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	UnexpectedError,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type ICredentialTypes,
	type IDataObject,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeProperties,
	type INodeTypes,
	type IRequestOptionsSimplified,
	type IWorkflowDataProxyAdditionalKeys,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

/** Credential data by credential type name, as a test hands it to the harness. */
export interface CredentialsMap {
	[credentialTypeName: string]: ICredentialDataDecryptedObject;
}

/**
 * n8n-nodes-base is not installed, so the generic parent OAuth2 credential is declared here with
 * the fields n8n-core's OAuth2 request helper reads. Our own definition, not n8n's.
 */
class HarnessOAuth2Api implements ICredentialType {
	name = 'oAuth2Api';
	displayName = 'OAuth2 API (harness)';
	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{ name: 'Authorization Code', value: 'authorizationCode' },
				{ name: 'Client Credentials', value: 'clientCredentials' },
				{ name: 'PKCE', value: 'pkce' },
			],
			default: 'authorizationCode',
		},
		{ displayName: 'Authorization URL', name: 'authUrl', type: 'string', default: '' },
		{ displayName: 'Access Token URL', name: 'accessTokenUrl', type: 'string', default: '' },
		{ displayName: 'Client ID', name: 'clientId', type: 'string', default: '' },
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
		},
		{ displayName: 'Scope', name: 'scope', type: 'string', default: '' },
		{ displayName: 'Auth URI Query Parameters', name: 'authQueryParameters', type: 'string', default: '' },
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{ name: 'Body', value: 'body' },
				{ name: 'Header', value: 'header' },
			],
			default: 'header',
		},
		{ displayName: 'Ignore SSL Issues', name: 'ignoreSSLIssues', type: 'boolean', default: false },
	];
}

export const BUILT_IN_CREDENTIAL_TYPES: ICredentialType[] = [new HarnessOAuth2Api()];

export class HarnessCredentialTypes implements ICredentialTypes {
	constructor(private readonly types: Map<string, ICredentialType>) {}

	recognizes(credentialType: string): boolean {
		return this.types.has(credentialType);
	}

	getByName(credentialType: string): ICredentialType {
		const type = this.types.get(credentialType);
		if (!type) throw new UnexpectedError(`Unknown credential type "${credentialType}"`);
		return type;
	}

	getSupportedNodes(type: string): string[] {
		return this.types.get(type)?.supportedNodes ?? [];
	}

	getParentTypes(typeName: string): string[] {
		const parents = this.types.get(typeName)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	names(): string[] {
		return [...this.types.keys()];
	}

	/** A type's properties with its parents' underneath: a child's property replaces the parent's of the same name. */
	getProperties(typeName: string): INodeProperties[] {
		const type = this.getByName(typeName);
		const merged: INodeProperties[] = [];
		for (const parent of type.extends ?? []) {
			for (const property of this.getProperties(parent)) upsertProperty(merged, property);
		}
		for (const property of type.properties) upsertProperty(merged, property);
		return merged;
	}
}

function upsertProperty(list: INodeProperties[], property: INodeProperties): void {
	const index = list.findIndex((existing) => existing.name === property.name);
	if (index === -1) list.push(property);
	else list[index] = property;
}

/** A one-node workflow, for resolving `={{ }}` expressions outside a run, as n8n does. */
function expressionWorkflow(nodeTypes: INodeTypes): { workflow: Workflow; node: INode } {
	const node: INode = {
		id: 'harness-expression-node',
		name: 'Harness Expression Node',
		type: 'n8n-nodes-base.noOp',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const workflow = new Workflow({
		id: 'harness-expressions',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	return { workflow, node };
}

function cloneData<T>(data: T): T {
	return structuredClone(data);
}

/**
 * The credential store of one harness call. Reads return a fresh copy with the type's defaults
 * applied (as n8n decrypts a fresh copy per use); writes (pre-authentication results, OAuth2 tokens)
 * go into the test's `CredentialsMap` object, so reusing that object across runs behaves like n8n's
 * database.
 */
export class HarnessCredentialsHelper extends ICredentialsHelper {
	constructor(
		private readonly credentialTypes: HarnessCredentialTypes,
		private readonly nodeTypes: INodeTypes,
		private readonly store: CredentialsMap,
	) {
		super();
	}

	getParentTypes(name: string): string[] {
		return this.credentialTypes.getParentTypes(name);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		if (!this.credentialTypes.recognizes(credentialType)) return true;
		const type = this.credentialTypes.getByName(credentialType) as ICredentialType & {
			restrictToSupportedNodes?: boolean;
		};
		if (!type.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).includes(nodeType);
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.credentialTypes.getProperties(type);
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		incomingRequestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const requestOptions = incomingRequestOptions as IHttpRequestOptions;
		const { authenticate } = this.credentialTypes.getByName(typeName);
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions);
		}
		if (authenticate.type !== 'generic') return requestOptions;

		const context = workflow && node ? { workflow, node } : expressionWorkflow(this.nodeTypes);
		const keys: IWorkflowDataProxyAdditionalKeys = { $credentials: credentials };
		const target = requestOptions as unknown as Record<string, IDataObject | undefined>;
		for (const [section, entries] of Object.entries(authenticate.properties)) {
			const merged: IDataObject = target[section] ?? {};
			for (const [key, value] of Object.entries(entries as IDataObject)) {
				merged[this.resolve(key, keys, context)] = this.resolve(value, keys, context);
			}
			target[section] = merged;
		}
		return requestOptions;
	}

	private resolve(
		value: unknown,
		additionalKeys: IWorkflowDataProxyAdditionalKeys,
		{ workflow, node }: { workflow: Workflow; node: INode },
	): string {
		if (typeof value !== 'string' || !value.startsWith('=')) return value as string;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			additionalKeys,
			undefined,
			'',
		);
		return resolved === undefined || resolved === null || resolved === '' ? '' : String(resolved);
	}

	private expirableProperty(type: ICredentialType): string | undefined {
		return type.properties.find((property) => property.type === 'hidden' && property.typeOptions?.expirable === true)
			?.name;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		const expirable = this.expirableProperty(type);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable] !== '' && credentials[expirable] !== undefined && !credentialsExpired) return undefined;

		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable] === undefined) {
			throw new UnexpectedError(`preAuthentication of "${typeName}" must return the expirable property "${expirable}"`);
		}
		const updated = Object.assign(credentials, output);
		const isCredentialTest = node.type === 'n8n-nodes-base.noOp' && node.parameters?.temp === '';
		if (!isCredentialTest && node.credentials?.[typeName]) {
			await this.updateCredentials(node.credentials[typeName], typeName, updated);
		}
		return updated;
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.credentialTypes.getByName(typeName);
		const expirable = this.expirableProperty(type);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable] !== '' && credentials[expirable] !== undefined) return undefined;
		return (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails, type: string): Promise<ICredentials> {
		const credentials = new Credentials(nodeCredentials, type);
		await credentials.setData(this.stored(type));
		return credentials;
	}

	private stored(type: string): ICredentialDataDecryptedObject {
		const data = this.store[type];
		if (!data) {
			throw new UnexpectedError(`The harness has no credentials of type "${type}": pass them in \`credentials\``);
		}
		return data;
	}

	/** The stored data with the type's (and its parents') defaults applied, as n8n hands it to a node. */
	withDefaults(type: string, data: ICredentialDataDecryptedObject): ICredentialDataDecryptedObject {
		const properties = this.getCredentialsProperties(type);
		const withDefaults = (NodeHelpers.getNodeParameters(
			properties,
			cloneData(data) as never,
			true,
			false,
			null,
			null,
		) ?? {}) as ICredentialDataDecryptedObject;
		if (data.oauthTokenData !== undefined) withDefaults.oauthTokenData = cloneData(data.oauthTokenData);
		return withDefaults;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		_mode: unknown,
		_executeData?: unknown,
		raw?: boolean,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.stored(type);
		if (raw) return cloneData(data);
		const decrypted = this.withDefaults(type, data);
		let context: ReturnType<typeof expressionWorkflow> | undefined;
		for (const [key, value] of Object.entries(decrypted)) {
			if (typeof value === 'string' && value.startsWith('=')) {
				context ??= expressionWorkflow(this.nodeTypes);
				decrypted[key] = context.workflow.expression.getSimpleParameterValue(
					context.node,
					value,
					'internal',
					{},
					undefined,
					'',
				) as string;
			}
		}
		return decrypted;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const target = (this.store[type] ??= {});
		Object.assign(target, cloneData(data));
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		const target = (this.store[type] ??= {});
		target.oauthTokenData = cloneData(data.oauthTokenData);
	}
}
