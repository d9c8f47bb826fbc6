import type { IDataObject } from 'n8n-workflow';

import type { AnswerShape } from './answers';
import { STORAGE_ANSWERS, STORAGE_SCRIPT_ANSWERS } from './answers';
import type { ApiCallOptions, ApiConnection, ApiDefinition } from './apiClient';
import { sendApiCall } from './apiClient';
import type { StatusTable } from './errors';
import { serviceMessageOf, statusErrorFrom } from './errors';
import type { ServiceContext, ServiceResponse } from './http';
import { timeoutFor } from './http';
import { watchIdle } from './streams';
import type { StreamedFilePart } from './multipart';
import { StreamingFormData } from './multipart';

export const STORAGE_CREDENTIAL_TYPE = 'svcStorageApi';
const SERVICE = 'Svc';

/**
 * What a status means for one call, where it means more than the API's table says (a 404 of a
 * key action is "no key stored"): the description, and optionally who was refused (a 403's
 * "Svc refused {refused} while trying to …").
 */
export type StatusHints = Partial<Record<403 | 404 | 405, { description: string; refused?: string }>>;

export interface StorageCallOptions extends ApiCallOptions {
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

function statusError(
	ctx: ServiceContext,
	response: ServiceResponse,
	options: StorageCallOptions,
	connection: ApiConnection,
	isUpload: boolean,
) {
	const { action, hints = {} } = options;
	const said = serviceMessageOf(response, connection.secrets);
	const saidSuffix = said ? `: ${said}` : '';
	const upload = (status: number) => (isUpload ? UPLOAD_STATUS_MESSAGES[status] : undefined);
	const twoFactor = response.headers['two_factor_requried'] === '1' || response.headers['two-factor-requried'] === '1';
	const table: StatusTable = {
		400: () => ({
			message: `Svc refused the request to ${action} as invalid (400)${saidSuffix}`,
			description: "Check the node's parameters: a hash, name or value may be missing or malformed.",
			cause: 'configuration-invalid',
		}),
		401: () => ({
			message: `Svc did not accept the credentials (401) while trying to ${action}`,
			description:
				'Check the user and the access token, password or session ID in the Svc Storage API credential. ' +
				'A session ID stops working when its session ends.',
			cause: 'credential-invalid',
		}),
		403: () =>
			twoFactor
				? {
						message: 'This account requires two-factor authentication (403), which a password login cannot complete',
						description:
							'In the Svc Storage API credential choose "User and Access Token" (create a token in the ' +
							'account\'s API key settings) or "Session ID".',
						cause: 'credential-invalid',
					}
				: {
						message: `Svc refused ${hints[403]?.refused ?? 'access'} while trying to ${action} (403)${saidSuffix}`,
						description:
							hints[403]?.description ??
							"The account may not access this item. Check the hash and the account's rights to it.",
						cause: 'configuration-invalid',
					},
		404: () => ({
			message: `Svc found nothing to ${action} (404)${saidSuffix}`,
			description: hints[404]?.description ?? 'Check the hash, user ID or e-mail address given to the node.',
			cause: 'configuration-invalid',
		}),
		405: () => ({
			message: `Svc does not permit this account to ${action} (405)${saidSuffix}`,
			description:
				hints[405]?.description ??
				'The item may be deleted or unavailable, or the account may not perform this operation on it.',
			cause: 'configuration-invalid',
		}),
		server: (status) =>
			upload(status) ?? {
				message: `Svc failed while trying to ${action} (${status})${saidSuffix}`,
				description: 'A problem on the service side. It may still have carried out the request; run again later.',
				cause: 'temporarily-unavailable',
				uncertain: true,
			},
		other: (status) => upload(status) ?? { message: `Svc answered ${status} while trying to ${action}${saidSuffix}` },
	};
	return statusErrorFrom(ctx.getNode(), table, response.status, options.itemIndex, connection.secrets);
}

const STORAGE_API: ApiDefinition = {
	credentialType: STORAGE_CREDENTIAL_TYPE,
	credentialLabel: 'Svc Storage API',
	serviceName: SERVICE,
};

function answerOf(table: Record<string, AnswerShape>, name: string): AnswerShape {
	const answer = table[name];
	if (!answer) throw new Error(`No documented answer for ${name}`);
	return answer;
}

/** `POST {base}/api_v2/{action}` with a URL-encoded body; returns the JSON answer, checked against its shape. */
export async function callStorageAction(
	ctx: ServiceContext,
	action: string,
	fields: StorageFields,
	options: StorageCallOptions,
): Promise<unknown> {
	const answer = answerOf(STORAGE_ANSWERS, action);
	const response = await sendApiCall(
		ctx,
		STORAGE_API,
		`/api_v2/${action}`,
		{ body: () => formBody(fields), answer, responseType: 'text' },
		options,
		(failed, connection) => statusError(ctx, failed, options, connection, false),
	);
	return response.body;
}

/**
 * The storage API gives the account scripts as GET. The undelete scripts are only named (method not
 * shown): POST keeps the credential out of their URL.
 */
const SCRIPT_METHODS: Record<string, 'GET' | 'POST'> = {
	authenticate_user: 'GET',
	get_storage_data: 'GET',
	validate_session: 'GET',
	undelete_folder: 'POST',
	undelete_file: 'POST',
};

/**
 * A legacy script under `/api/`, called with the method the storage API gives it. A GET carries its
 * parameters (and, with an access token, the credential) in the query string, which never
 * appears in a message or output: errors name the host only.
 */
export async function callStorageScript(
	ctx: ServiceContext,
	script: string,
	fields: StorageFields,
	options: StorageCallOptions,
): Promise<{ body: unknown; headers: Record<string, string> }> {
	const answer = answerOf(STORAGE_SCRIPT_ANSWERS, script);
	const path = `/api/${script}.php`;
	const form = formBody(fields);
	const get = SCRIPT_METHODS[script] === 'GET';
	const response = await sendApiCall(
		ctx,
		STORAGE_API,
		get && form.size > 0 ? `${path}?${form.toString()}` : path,
		get ? { method: 'GET', answer, responseType: 'text' } : { body: () => form, answer, responseType: 'text' },
		options,
		(failed, connection) => statusError(ctx, failed, options, connection, false),
	);
	return { body: response.body, headers: response.headers };
}

/** `upload_file`: the file part streams from its source; a new form is built for each attempt. */
export async function uploadToStorage(
	ctx: ServiceContext,
	fields: StorageFields,
	file: () => StreamedFilePart,
	options: StorageCallOptions,
): Promise<unknown> {
	const body = () => {
		const form = new StreamingFormData();
		for (const [name, value] of formBody(fields)) form.append(name, value);
		form.append('file', file());
		return form;
	};
	const answer = answerOf(STORAGE_ANSWERS, 'upload_file');
	const response = await sendApiCall(
		ctx,
		STORAGE_API,
		'/api_v2/upload_file',
		{ body, answer, responseType: 'text' },
		options,
		(failed, connection) => statusError(ctx, failed, options, connection, true),
	);
	return response.body;
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

/** `download_file`, as a stream: the bytes are never held in memory whole. */
export async function downloadFromStorage(
	ctx: ServiceContext,
	fileHash: string,
	options: StorageCallOptions,
): Promise<StorageDownload> {
	const response = await sendApiCall(
		ctx,
		STORAGE_API,
		'/api_v2/download_file',
		{ body: () => formBody({ file_hash: fileHash }), responseType: 'stream' },
		options,
		(failed, connection) => statusError(ctx, failed, options, connection, false),
	);
	const length = Number(response.headers['content-length']);
	const watched = watchIdle(response.body as AsyncIterable<Buffer>, timeoutFor(ctx, options.timeoutMs));
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
