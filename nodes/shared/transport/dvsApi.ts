import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ApiCallOptions, ApiConnection, ApiDefinition } from './apiClient';
import { sendApiCall } from './apiClient';
import type { StatusTable } from './errors';
import { serviceError, statusErrorFrom } from './errors';
import type { ServiceContext, ServiceResponse } from './http';
import type { StreamedFilePart } from './multipart';
import { StreamingFormData, multipartType, newBoundary, readIfSmall } from './multipart';
import type { RestAction } from './restCatalogue';
import { REST } from './restCatalogue';
import { downloadThrough, formBody, type StorageDownload } from './storageApi';

export const DVS_CREDENTIAL_TYPE = 'svcDvsApi';

export type DvsRegister = 'task' | 'project_2' | 'contact_person' | 'client';

export const DVS_REGISTER_LABELS: Record<DvsRegister, string> = {
	task: 'tasks',
	project_2: 'projects',
	contact_person: 'contact persons',
	client: 'clients',
};

const DVS_API: ApiDefinition = {
	credentialType: DVS_CREDENTIAL_TYPE,
	credentialLabel: 'Svc DVS API',
	serviceName: 'Svc DVS',
};

export type DvsCallOptions = ApiCallOptions;

/** The DVS API: failures have empty bodies, so the status code alone carries the meaning. */
function statusError(
	ctx: ServiceContext,
	register: DvsRegister,
	call: RestAction,
	response: ServiceResponse,
	options: DvsCallOptions,
	connection: ApiConnection,
): NodeApiError {
	const { purpose } = options;
	const table: StatusTable = {
		400: () => ({
			message: `Svc DVS refused the request to ${purpose} as invalid (400)`,
			description:
				call.invalidHint ??
				'A value may be missing or invalid. IDs of projects, users, options and documents are organization-specific: ' +
					"pick them from the node's lists.",
			cause: 'configuration-invalid',
		}),
		401: () => ({
			message: `Svc DVS did not accept the credentials (401) while trying to ${purpose}`,
			description:
				'Check the user and the API access token in the Svc DVS API credential. The account must ' +
				'belong to an organization with DMS enabled.',
			cause: 'credential-invalid',
		}),
		405: () => ({
			message: `Svc DVS does not permit this account to ${purpose} (405)`,
			description:
				`The account's group needs write permission on the ${DVS_REGISTER_LABELS[register]} register ` +
				`(task work needs it on both tasks and projects), the register must be enabled for the organization, ` +
				`and the document must exist in your organization.`,
			cause: 'configuration-invalid',
		}),
		server: (status) => ({
			message: `Svc DVS failed while trying to ${purpose} (${status})`,
			description:
				'A problem on the service side. A write may still have been carried out in part; the node ' +
				'checks before it retries.',
			cause: 'temporarily-unavailable',
			uncertain: true,
		}),
		other: (status) => ({ message: `Svc DVS answered ${status} while trying to ${purpose}` }),
	};
	return statusErrorFrom(ctx.getNode(), table, response.status, options.itemIndex, connection.secrets);
}

function asObject(value: unknown): IDataObject {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}

/**
 * `POST {base}/api_dvs/{section}/{action}` with a JSON body; the credential adds `user` and
 * `user_access_token` to the body (never the URL). Returns the parsed JSON object.
 */
export async function callDvs(
	ctx: ServiceContext,
	register: DvsRegister,
	action: RestAction,
	params: IDataObject,
	options: DvsCallOptions,
): Promise<IDataObject> {
	const response = await sendApiCall(
		ctx,
		DVS_API,
		`/api_dvs/${register}/${action.name}`,
		{
			action,
			body: () => ({ ...params }),
			headers: { 'Content-Type': 'application/json' },
			responseType: 'text',
		},
		options,
		(failed, connection) => statusError(ctx, register, action, failed, options, connection),
	);
	return asObject(response.body);
}

/**
 * Attaches a file to a task (multipart), as a body built anew for each attempt: a small file read whole, so the
 * body leaves as one Buffer once the credential added its fields (as a storage upload does); a larger one streams.
 * The service reports a file it could not save (too large, quota, virus) as 200 with `success: false`; that
 * becomes a clear, certain error.
 */
export async function uploadToDvs(
	ctx: ServiceContext,
	taskId: number,
	file: () => StreamedFilePart,
	options: DvsCallOptions,
): Promise<IDataObject> {
	const action = REST.uploadDocumentFile;
	const boundary = newBoundary();
	const response = await sendApiCall(
		ctx,
		DVS_API,
		`/api_dvs/task/${action.name}`,
		{
			action,
			body: async () => {
				const form = new StreamingFormData(boundary);
				form.append('dvs_document_id', String(taskId));
				form.append('file', await readIfSmall(file()));
				return form;
			},
			headers: { 'Content-Type': multipartType(boundary) },
			responseType: 'text',
		},
		options,
		(failed, connection) => statusError(ctx, 'task', action, failed, options, connection),
	);
	const body = asObject(response.body);
	if (typeof body.file_hash !== 'string' || !body.file_hash) {
		const code = body.error_code === undefined ? '' : ` (${String(body.error_code)})`;
		throw new NodeApiError(
			ctx.getNode(),
			{ message: String(body.error_message ?? 'no file_hash') },
			{
				message:
					`Svc DVS could not save the attachment${code}: ` +
					String(body.error_message ?? 'the answer had no file hash'),
				description: 'The file may be too large, the storage quota used up, or a virus detected. Nothing was attached.',
				httpCode: String(response.status),
				itemIndex: options.itemIndex,
			},
		);
	}
	return body;
}

/** The storage API's meanings of the statuses a folder listing answers. */
function attachmentFolderError(
	ctx: ServiceContext,
	response: ServiceResponse,
	options: DvsCallOptions,
	connection: ApiConnection,
): NodeApiError {
	const status = response.status;
	const base = { httpCode: String(status), itemIndex: options.itemIndex };
	if (status === 401) {
		return serviceError(
			ctx.getNode(),
			{
				...base,
				message: `Svc storage did not accept the DVS credential (401) while trying to ${options.purpose}`,
				description:
					"The task's attachments are listed through the storage API with the same user and API access " +
					'token. Check them in the Svc DVS API credential.',
				cause: 'credential-invalid',
			},
			connection.secrets,
		);
	}
	if (status === 403 || status === 405) {
		return serviceError(
			ctx.getNode(),
			{
				...base,
				message: `Svc storage does not let this account ${options.purpose} (${status})`,
				description:
					"The account may not open the task's attachment folder. Ask the organization's administrator " +
					"for access to the task's files.",
				cause: 'configuration-invalid',
			},
			connection.secrets,
		);
	}
	return statusError(ctx, 'task', REST.getFolderContent, response, options, connection);
}

/**
 * The files of a task's attachment folder (`upload_hash`), through the storage API's
 * folder listing (the DVS API points there). The storage API accepts the same user and API
 * access token in a form body, so the DVS credential alone is enough.
 */
export async function listDvsAttachmentFolder(
	ctx: ServiceContext,
	uploadHash: string,
	options: DvsCallOptions,
): Promise<unknown> {
	const action = REST.getFolderContent;
	const response = await sendApiCall(
		ctx,
		DVS_API,
		`/api_v2/${action.name}`,
		{ action, body: () => formBody({ folder_hash: uploadHash }), responseType: 'text' },
		options,
		(failed, connection) => attachmentFolderError(ctx, failed, options, connection),
	);
	return response.body;
}

/**
 * A file of a task's attachment folder, as a stream: the storage API's download_file with the DVS credential, as its
 * listing is (the DVS API lists a task's files through the storage API with the same user and token).
 */
export async function downloadDvsAttachment(
	ctx: ServiceContext,
	fileHash: string,
	options: DvsCallOptions,
): Promise<StorageDownload> {
	return await downloadThrough(ctx, DVS_API, fileHash, options, (failed, connection) =>
		attachmentFolderError(ctx, failed, options, connection),
	);
}
