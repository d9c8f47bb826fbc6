import { multipartBoundary, parseMultipart } from '../multipart';
import type { SimHandler, SimRequest, SimResponse } from '../types';
import type { AuthLogValue, StorageAction, StorageCall, StorageServices } from './context';
import { fail, notPermitted } from './http';
import { authenticateUser, login, sesslogin, validateSession } from './legacy/sessionScripts';
import { getStorageData, getUploadId } from './legacy/accountScripts';
import { undeleteFile, undeleteFolder } from './legacy/undelete';
import { formEntries, Params } from './params';
import { downloadFile } from './v2/download';
import {
	getFileEncryptionKey,
	getShareEncryptionKey,
	getUploadEncryptionKey,
	saveFileEncryptionKey,
	saveUploadEncryptionKey,
	saveUserEncryptionKeys,
} from './v2/encryption';
import { esignatureShare, getEsignatures } from './v2/esignature';
import { deleteFile, getFileInfo, moveFile, renameFile } from './v2/files';
import { createFolder, deleteFolder, getFolderContent, getFolderInfo, renameFolder } from './v2/folders';
import { uploadFile } from './v2/upload';

/** A handler's response with the authentication method it recognized, for the request log. */
export interface StorageResponse extends SimResponse {
	auth: AuthLogValue;
}

const V2_ACTIONS: Record<string, StorageAction> = {
	create_folder: createFolder,
	get_folder_content: getFolderContent,
	get_folder_info: getFolderInfo,
	rename_folder: renameFolder,
	delete_folder: deleteFolder,
	upload_file: uploadFile,
	download_file: downloadFile,
	get_file_info: getFileInfo,
	rename_file: renameFile,
	move_file: moveFile,
	delete_file: deleteFile,
	get_esignatures: getEsignatures,
	esignature_share: esignatureShare,
	save_user_encryption_keys: saveUserEncryptionKeys,
	save_file_encryption_key: saveFileEncryptionKey,
	get_file_encryption_key: getFileEncryptionKey,
	save_upload_encryption_key: saveUploadEncryptionKey,
	get_upload_encryption_key: getUploadEncryptionKey,
	get_share_encryption_key: getShareEncryptionKey,
};

/**
 * The account scripts: document 1's table "Legacy and session scripts" gives them as
 * `GET /api/authenticate_user.php`, `GET /api/validate_session.php` and
 * `GET /api/get_storage_data.php`; any other method is refused (405) like every operation that is
 * not permitted. The other scripts also take POST, which keeps a password out of the URL.
 */
const GET_ONLY_SCRIPTS = new Set(['authenticate_user', 'validate_session', 'get_storage_data']);

const LEGACY_SCRIPTS: Record<string, StorageAction> = {
	authenticate_user: authenticateUser,
	login,
	sesslogin,
	validate_session: validateSession,
	get_storage_data: getStorageData,
	get_upload_id: getUploadId,
	undelete_folder: undeleteFolder,
	undelete_file: undeleteFile,
};

/** Builds the call: PHP `$_REQUEST` parameters from query and body (multipart parsed streaming). */
async function prepareCall(req: SimRequest, services: StorageServices): Promise<StorageCall> {
	const queryEntries = [...req.query];
	const boundary = multipartBoundary(req.headers['content-type']);
	if (req.bodyStream && boundary) {
		const multipart = await parseMultipart(req.bodyStream, boundary, { maxFileBytes: services.limits.maxFileBytes });
		return { req, services, auth: 'none', multipart, params: new Params(queryEntries, multipart.fields) };
	}
	req.bodyStream?.resume();
	return {
		req,
		services,
		auth: 'none',
		params: new Params(queryEntries, formEntries(req.body, req.headers['content-type'])),
	};
}

function route(req: SimRequest): StorageAction | SimResponse {
	const v2 = /^\/api_v2\/([A-Za-z0-9_]+)\/?$/.exec(req.path);
	if (v2) {
		const action = V2_ACTIONS[v2[1]];
		if (!action) return fail(404, 'unknown action');
		return req.method === 'POST' ? action : notPermitted();
	}
	const legacy = /^\/api\/([A-Za-z0-9_]+)\.php$/.exec(req.path);
	if (legacy) {
		const script = LEGACY_SCRIPTS[legacy[1]];
		if (!script) return fail(404, 'unknown script');
		if (GET_ONLY_SCRIPTS.has(legacy[1])) return req.method === 'GET' ? script : notPermitted();
		return req.method === 'GET' || req.method === 'POST' ? script : notPermitted();
	}
	return fail(404, 'not found');
}

/** The storage API of document 1: `/api_v2/{action}` and the legacy `/api/{script}.php`. */
export function createStorageHandler(services: StorageServices): SimHandler {
	return async (req: SimRequest): Promise<StorageResponse> => {
		const action = route(req);
		if (typeof action !== 'function') {
			req.bodyStream?.resume();
			return { ...action, auth: 'none' };
		}
		const call = await prepareCall(req, services);
		if (call.multipart && !call.multipart.complete && action !== uploadFile) {
			return { ...fail(400, 'incomplete multipart body'), auth: 'none' };
		}
		const response = await action(call);
		return { ...response, auth: call.auth };
	};
}
