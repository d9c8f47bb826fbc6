import { multipartBoundary, parseMultipart } from '../multipart';
import type { SimHandler, SimRequest, SimResponse } from '../types';
import type { AuthLogValue, StorageAction, StorageActions, StorageCall, StorageServices } from './context';
import { fail, notPermitted } from './http';
import { accountScripts } from './legacy/accountScripts';
import { sessionScripts } from './legacy/sessionScripts';
import { undeleteScripts } from './legacy/undelete';
import { formEntries, Params } from './params';
import { downloadActions } from './v2/download';
import { encryptionKeyActions } from './v2/encryption';
import { esignatureActions } from './v2/esignature';
import { fileActions } from './v2/files';
import { folderActions } from './v2/folders';
import { uploadActions } from './v2/upload';

/** A handler's response with the authentication method it recognized, for the request log. */
export interface StorageResponse extends SimResponse {
	auth: AuthLogValue;
}

/** `/api_v2/{action}`: every area's actions, each written and named in its module under `v2/`. */
export const V2_ACTIONS: StorageActions = {
	...folderActions,
	...uploadActions,
	...downloadActions,
	...fileActions,
	...esignatureActions,
	...encryptionKeyActions,
};

/**
 * `/api/{script}.php`: the legacy and session scripts under `legacy/`. They answer GET and
 * POST (which keeps a password out of the URL), except those written `getOnly`.
 */
export const LEGACY_SCRIPTS: StorageActions = { ...sessionScripts, ...accountScripts, ...undeleteScripts };

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
		if (script.getOnly) return req.method === 'GET' ? script : notPermitted();
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
		if (call.multipart && !call.multipart.complete && action !== uploadActions.upload_file) {
			return { ...fail(400, 'incomplete multipart body'), auth: 'none' };
		}
		const response = await action(call);
		return { ...response, auth: call.auth };
	};
}
