import type { IDataObject, NodeApiError } from 'n8n-workflow';

import type { ApiCallOptions, ApiConnection, ApiDefinition, ApiRequest } from './apiClient';
import { sendApiCall } from './apiClient';
import type { StatusTable } from './errors';
import { serviceMessageOf, statusErrorFrom } from './errors';
import type { ServiceContext, ServiceResponse } from './http';
import { readAhead, watchIdle } from './streams';
import type { StreamedFilePart } from './multipart';
import { StreamingFormData, multipartType, newBoundary, readIfSmall } from './multipart';
import type { RestAction, StatusHints } from './restCatalogue';
import { REST } from './restCatalogue';

export const STORAGE_CREDENTIAL_TYPE = 'svcStorageApi';
const SERVICE = 'Svc';

export type { StatusHints };

export interface StorageCallOptions extends ApiCallOptions {
	/** What a status means for this call, over its row's hints (the User ID a key action was refused for). */
	hints?: StatusHints;
}

export type StorageFieldValue = string | number | boolean | string[] | undefined;
export type StorageFields = Record<string, StorageFieldValue>;

/** URL-encoded form body; arrays use PHP's `name[]` convention. */
export function formBody(fields: StorageFields): URLSearchParams {
	const form = new URLSearchParams();
	for (const [name, value] of Object.entries(fields)) {
		if (value === undefined) continue;
		if (Array.isArray(value)) {
			for (const entry of value) form.append(`${name}[]`, entry);
		} else if (typeof value === 'boolean') {
			form.append(name, value ? '1' : '0');
		} else {
			form.append(name, String(value));
		}
	}
	return form;
}

const UPLOAD_STATUS_MESSAGES: Record<number, { message: string; description: string }> = {
	490: {
		message: 'Svc detected a virus in the file (490); the file was not stored',
		description: 'Check the file with a virus scanner before uploading it again.',
	},
	491: {
		message: 'Svc refused the file name because it has a double extension (491)',
		description:
			'Names like "invoice.pdf.exe" are refused. Give the file a single extension (the File Name ' +
			'option) and run again.',
	},
	492: {
		message: 'The target folder is full: its size limit would be exceeded (492)',
		description: 'Free space in the folder, or upload into another folder.',
	},
	493: {
		message: "The file is larger than the account's file size limit (493)",
		description: 'Upload a smaller file, or raise the limit with a larger plan.',
	},
	494: {
		message: 'Svc received only part of the file (494); nothing was stored',
		description: 'The upload was cut short on the way. Run the node again.',
	},
};

/** A 403: two-factor authentication a password login cannot complete, or a refusal of the item. */
function forbidden(response: ServiceResponse, purpose: string, hints: StatusHints, saidSuffix: string) {
	const twoFactor = response.headers['two_factor_requried'] === '1' || response.headers['two-factor-requried'] === '1';
	return twoFactor
		? {
				message: 'This account requires two-factor authentication (403), which a password login cannot complete',
				description:
					'In the Svc Storage API credential choose "User and Access Token" (create a token in the ' +
					'account\'s API key settings) or "Session ID".',
				cause: 'credential-invalid' as const,
			}
		: {
				message: `Svc refused ${hints[403]?.refused ?? 'access'} while trying to ${purpose} (403)${saidSuffix}`,
				description:
					hints[403]?.description ??
					"The account may not access this item. Check the hash and the account's rights to it.",
				cause: 'configuration-invalid' as const,
			};
}

function statusError(
	ctx: ServiceContext,
	response: ServiceResponse,
	call: RestAction,
	options: StorageCallOptions,
	connection: ApiConnection,
) {
	const { purpose } = options;
	const hints: StatusHints = { ...call.hints, ...options.hints };
	const said = serviceMessageOf(response, connection.secrets);
	const saidSuffix = said ? `: ${said}` : '';
	const upload = (status: number) => (call === REST.uploadFile ? UPLOAD_STATUS_MESSAGES[status] : undefined);
	const table: StatusTable = {
		400: () => ({
			message: `Svc refused the request to ${purpose} as invalid (400)${saidSuffix}`,
			description: "Check the node's parameters: a hash, name or value may be missing or malformed.",
			cause: 'configuration-invalid',
		}),
		401: () => ({
			message: `Svc did not accept the credentials (401) while trying to ${purpose}`,
			description:
				'Check the user and the access token, password or session ID in the Svc Storage API credential. ' +
				'A session ID stops working when its session ends.',
			cause: 'credential-invalid',
		}),
		403: () => forbidden(response, purpose, hints, saidSuffix),
		404: () => ({
			message: `Svc found nothing to ${purpose} (404)${saidSuffix}`,
			description: hints[404]?.description ?? 'Check the hash, user ID or e-mail address given to the node.',
			cause: 'configuration-invalid',
		}),
		405: () => ({
			message: `Svc does not permit this account to ${purpose} (405)${saidSuffix}`,
			description:
				hints[405]?.description ??
				'The item may be deleted or unavailable, or the account may not perform this operation on it.',
			cause: 'configuration-invalid',
		}),
		server: (status) =>
			upload(status) ?? {
				message: `Svc failed while trying to ${purpose} (${status})${saidSuffix}`,
				description:
					'A problem on the service side: a read can be run again later. A write may still have been carried ' +
					'out: the node reads the destination back to settle it, and says what to check where it cannot.',
				cause: 'temporarily-unavailable',
				uncertain: true,
			},
		other: (status) => upload(status) ?? { message: `Svc answered ${status} while trying to ${purpose}${saidSuffix}` },
	};
	return statusErrorFrom(ctx.getNode(), table, response.status, options.itemIndex, connection.secrets);
}

const STORAGE_API: ApiDefinition = {
	credentialType: STORAGE_CREDENTIAL_TYPE,
	credentialLabel: 'Svc Storage API',
	serviceName: SERVICE,
};

/**
 * One action of the storage API: `POST {base}/api_v2/{name}` with a URL-encoded body, or a legacy
 * script `/api/{name}.php` with the method its row gives it. A GET carries its fields (and, with an
 * access token, the credential) in the query string, which never appears in a message or output:
 * errors name the host only. The answer's body is the JSON, checked against the row's shape. (Not
 * async: the request's stack names this function's caller above sendApiCall.)
 */
export function callStorageAction(
	ctx: ServiceContext,
	action: RestAction,
	fields: StorageFields,
	options: StorageCallOptions,
): Promise<ServiceResponse> {
	const form = formBody(fields);
	const path = action.api === 'script' ? `/api/${action.name}.php` : `/api_v2/${action.name}`;
	const request: ApiRequest =
		action.method === 'GET'
			? { action, query: form.size > 0 ? form.toString() : undefined, responseType: 'text' }
			: { action, body: () => form, responseType: 'text' };
	return sendApiCall(ctx, STORAGE_API, path, request, options, (failed, connection) =>
		statusError(ctx, failed, action, options, connection),
	);
}

/**
 * Uploads a file, as a multipart body built anew for each attempt: a small file read whole, so the body can
 * leave as one Buffer once the credential added its fields; a larger one streams from its source.
 */
export function uploadToStorage(
	ctx: ServiceContext,
	fields: StorageFields,
	file: () => StreamedFilePart,
	options: StorageCallOptions,
): Promise<ServiceResponse> {
	const boundary = newBoundary();
	const body = async () => {
		const form = new StreamingFormData(boundary);
		for (const [name, value] of formBody(fields)) form.append(name, value);
		form.append('file', await readIfSmall(file()));
		return form;
	};
	const action = REST.uploadFile;
	return sendApiCall(
		ctx,
		STORAGE_API,
		`/api_v2/${action.name}`,
		{ action, body, headers: { 'Content-Type': multipartType(boundary) }, responseType: 'text' },
		options,
		(failed, connection) => statusError(ctx, failed, action, options, connection),
	);
}

export interface StorageDownload {
	/** A response stream (REST, a large file's URL), or the whole content when it came inline (MCP). */
	body: Buffer | AsyncIterable<Buffer>;
	/** Settles with an error when the body stalled (watchIdle); absent for inline content. */
	stalled?: Promise<Error>;
	contentType?: string;
	fileName?: string;
	size?: number;
}

function fileNameFromDisposition(header: string | undefined): string | undefined {
	if (!header) return undefined;
	const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(header);
	if (encoded) {
		try {
			return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
		} catch {
			return encoded[1].trim();
		}
	}
	const plain = /filename="?([^";]+)"?/i.exec(header);
	return plain?.[1];
}

/** Downloads a file, as a stream: the bytes are never held in memory whole. */
export async function downloadFromStorage(
	ctx: ServiceContext,
	fileHash: string,
	options: StorageCallOptions,
): Promise<StorageDownload> {
	return await downloadThrough(ctx, STORAGE_API, fileHash, options, (failed, connection) =>
		statusError(ctx, failed, REST.downloadFile, options, connection),
	);
}

/**
 * `/api_v2/download_file` with an API's credential (the storage API's, or the DVS API's for a task's attachment
 * folder), as a stream; `errorOf` says what a refusal means for that credential.
 */
export async function downloadThrough(
	ctx: ServiceContext,
	api: ApiDefinition,
	fileHash: string,
	options: ApiCallOptions,
	errorOf: (failed: ServiceResponse, connection: ApiConnection) => NodeApiError,
): Promise<StorageDownload> {
	const action = REST.downloadFile;
	const response = await sendApiCall(
		ctx,
		api,
		`/api_v2/${action.name}`,
		{ action, body: () => formBody({ file_hash: fileHash }), responseType: 'stream' },
		options,
		errorOf,
	);
	const length = Number(response.headers['content-length']);
	// The call's timeout bounds the wait for the headers (the request) and each wait for more of the body.
	const watched = watchIdle(readAhead(response.body as AsyncIterable<Buffer>), response.timeoutMs);
	return {
		body: watched.stream,
		stalled: watched.stalled,
		contentType: response.headers['content-type']?.split(';')[0].trim() || undefined,
		fileName: fileNameFromDisposition(response.headers['content-disposition']),
		size: Number.isFinite(length) ? length : undefined,
	};
}

export function asObject(value: unknown): IDataObject {
	return value && typeof value === 'object' && !Array.isArray(value) ? (value as IDataObject) : {};
}
