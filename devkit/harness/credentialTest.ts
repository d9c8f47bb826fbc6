import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import {
	createRunExecutionData,
	UnexpectedError,
	type ICredentialDataDecryptedObject,
	type ICredentialsDecrypted,
	type ICredentialTestFunction,
	type IExecuteData,
	type INode,
	type INodeCredentialTestResult,
	type INodeType,
} from 'n8n-workflow';

import { HarnessCredentialsHelper } from './credentials';
import { inRunScope, newRunScope } from './engine';
import { createAdditionalData, createWorkflow } from './execution';
import { NO_OP_TYPE } from './internalNodes';
import { loadPackage, type HarnessNodeTypes, type LoadedPackage } from './loader';

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

interface ResponseError {
	message?: string;
	cause?: { response?: { status?: number; statusText?: string }; code?: string };
}

function valueAt(data: unknown, path: string): unknown {
	return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], data);
}

/** A node-level `methods.credentialTest` for credentials that name one in `testedBy`. */
function findTestFunction(pkg: LoadedPackage, type: string): ICredentialTestFunction | undefined {
	for (const name of pkg.nodeTypeNames) {
		const nodeType = pkg.nodeTypes.getByNameAndVersion(name);
		const testedBy = nodeType.description.credentials?.find((c) => c.name === type)?.testedBy;
		if (typeof testedBy === 'string') return nodeType.methods?.credentialTest?.[testedBy];
	}
	return undefined;
}

/**
 * Tests credential data the way n8n's credential tester does: defaults applied, the type's `test`
 * request sent by n8n-core's RoutingNode from a temporary node (so `={{$credentials.x}}` in the
 * request is resolved and `authenticate`/`preAuthentication` applied), then the test's rules.
 */
export async function testCredential(
	type: string,
	data: ICredentialDataDecryptedObject,
	root?: string,
): Promise<CredentialTestResult> {
	const pkg = loadPackage(root);
	const credentialType = pkg.credentialTypes.getByName(type);
	const store = { [type]: structuredClone(data) };
	const helper = new HarnessCredentialsHelper(pkg.credentialTypes, pkg.nodeTypes, store);
	const decrypted: ICredentialsDecrypted = {
		id: `harness-${type}`,
		name: `Harness ${type}`,
		type,
		data: await helper.getDecrypted({} as never, { id: null, name: type }, type, 'internal'),
	};

	if (!credentialType.test) {
		const testFunction = findTestFunction(pkg, type);
		if (!testFunction) return { status: 'Error', message: 'No testing function found for this credential.' };
		return await inRunScope(newRunScope(), async () => {
			const result: INodeCredentialTestResult = await testFunction.call(new CredentialTestContext(), decrypted);
			return { status: result.status, message: result.message };
		});
	}

	const testRequest = credentialType.test;
	const testNodeType: INodeType = {
		description: {
			displayName: 'Credential Test',
			name: 'noOp',
			group: ['transform'],
			version: 1,
			description: 'Sends a credential type’s test request',
			defaults: { name: 'Temp-Node' },
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: type, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', default: '', routing: { request: testRequest.request } },
			],
		},
	};
	const nodeTypes: HarnessNodeTypes = {
		resolveName: (name) => (name === NO_OP_TYPE ? name : pkg.nodeTypes.resolveName(name)),
		defaultVersion: (name) => (name === NO_OP_TYPE ? 1 : pkg.nodeTypes.defaultVersion(name)),
		getByName: (name) => (name === NO_OP_TYPE ? testNodeType : pkg.nodeTypes.getByName(name)),
		getByNameAndVersion: (name, version) =>
			name === NO_OP_TYPE ? testNodeType : pkg.nodeTypes.getByNameAndVersion(name, version),
		getKnownTypes: () => pkg.nodeTypes.getKnownTypes(),
		add: (name, type) => pkg.nodeTypes.add(name, type),
	};
	const node: INode = {
		id: 'harness-credential-test',
		name: 'Temp-Node',
		type: NO_OP_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { temp: '' },
		credentials: { [type]: { id: decrypted.id, name: decrypted.name } },
	};
	const workflow = createWorkflow({ ...pkg, nodeTypes }, { nodes: [node], connections: {} });
	const workflowNode = workflow.getNode('Temp-Node')!;
	const additionalData = createAdditionalData(pkg, workflow, 'internal', store);
	const inputData = { main: [[{ json: {} }]] };
	const executeData: IExecuteData = { node: workflowNode, data: inputData, source: null };
	const context = new ExecuteContext(
		workflow,
		workflowNode,
		additionalData,
		'internal',
		createRunExecutionData(),
		0,
		[],
		inputData,
		executeData,
		[],
	);

	let response: Awaited<ReturnType<RoutingNode['runNode']>>;
	try {
		response = await inRunScope(
			newRunScope(),
			async () => await new RoutingNode(context, testNodeType, decrypted).runNode(),
		);
	} catch (caught) {
		const error = caught as ResponseError;
		const httpResponse = error.cause?.response;
		if (httpResponse?.status !== undefined) {
			const rule = testRequest.rules?.find(
				(r) => r.type === 'responseCode' && r.properties.value === httpResponse.status,
			);
			if (rule) return { status: 'Error', message: rule.properties.message };
			if (httpResponse.status < 200 || httpResponse.status > 299) {
				return {
					status: 'Error',
					message: httpResponse.statusText || `Received HTTP status code: ${httpResponse.status}`,
				};
			}
		} else if (error.cause?.code) {
			return { status: 'Error', message: error.cause.code };
		}
		return { status: 'Error', message: String(error.message ?? caught) };
	}

	const body = response?.[0]?.[0]?.json;
	for (const rule of testRequest.rules ?? []) {
		if (rule.type === 'responseSuccessBody' && body && valueAt(body, rule.properties.key) === rule.properties.value) {
			return { status: 'Error', message: rule.properties.message };
		}
	}
	if (!response) throw new UnexpectedError('The credential test request returned nothing');
	return { status: 'OK', message: 'Connection successful!' };
}
