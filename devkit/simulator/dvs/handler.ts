/* eslint-disable @n8n/community-nodes/require-node-api-error -- this file its nodes are test doubles */
import type { Account } from '../accounts';
import type { SimHandler, SimRequest, SimResponse } from '../types';
import { DVS_ACTIONS, SECTION_ACTIONS, type DvsAction } from './actions';
import type { DvsDeps } from './context';
import { checkRegister, sessionOrganization } from './domain/session';
import { DvsError } from './errors';
import { isPlainObject, type Params } from './params';
import type { MultipartFile } from './ports';
import { DVS_SECTIONS, type DvsSection } from './types';

export type { DvsDeps } from './context';

const empty = (status: number): SimResponse => ({ status, body: '' });

function isMultipart(req: SimRequest): boolean {
	return /^multipart\/form-data/i.test(String(req.headers['content-type'] ?? ''));
}

/** Any body that is not a JSON object carries no credentials (and so answers 401). */
function jsonParams(req: SimRequest): Params {
	try {
		const parsed: unknown = JSON.parse(req.body.toString('utf8'));
		return isPlainObject(parsed) ? parsed : {};
	} catch {
		return {};
	}
}

async function readBody(
	deps: DvsDeps,
	req: SimRequest,
	action: string,
): Promise<{ params: Params; files: MultipartFile[] }> {
	if (!isMultipart(req)) return { params: jsonParams(req), files: [] };
	// Only upload_document_file takes multipart; elsewhere the body is unread and credentials missing.
	if (action !== 'upload_document_file') {
		req.bodyStream?.resume();
		return { params: {}, files: [] };
	}
	try {
		const parsed = await deps.parseMultipart(req);
		return { params: parsed.fields, files: parsed.files };
	} catch {
		throw new DvsError(400, 'malformed multipart body');
	}
}

/** Credentials come from the body only; a secret in the URL query is never read. */
function authenticate(deps: DvsDeps, params: Params): Account {
	const { user, user_access_token: token } = params;
	if (typeof user !== 'string' || typeof token !== 'string' || !user || !token) {
		throw new DvsError(401, 'user and user_access_token are required');
	}
	const account = deps.accounts.checkToken(user, token, ['API', 'ALL']);
	if (!account || !account.active) throw new DvsError(401, 'authorization failed');
	return account;
}

/**
 * Every path under `/api_dvs/{dvs_section}/{action}` (document 3). Check order: route (404),
 * method (405), body, credentials and organization (401), section (400), action (400 unknown,
 * 405 not offered by the section), section enabled and write permission (405), parameters.
 */
export function createDvsHandler(deps: DvsDeps): SimHandler {
	const now = deps.now ?? Date.now;
	return async (req) => {
		const segments = req.path
			.replace(/^\/api_dvs(?=\/|$)/, '')
			.split('/')
			.filter(Boolean);
		if (segments.length !== 2) return empty(404);
		const [sectionName, actionName] = segments;
		if (req.method.toUpperCase() !== 'POST') {
			req.bodyStream?.resume();
			return empty(405);
		}
		try {
			const { params, files } = await readBody(deps, req, actionName);
			const account = authenticate(deps, params);
			const org = sessionOrganization(deps.store, account);
			if (!(DVS_SECTIONS as readonly string[]).includes(sectionName))
				throw new DvsError(400, `unknown section ${sectionName}`);
			const section = sectionName as DvsSection;
			if (!Object.hasOwn(DVS_ACTIONS, actionName)) throw new DvsError(400, `unknown action ${actionName}`);
			const action = actionName as DvsAction;
			if (!SECTION_ACTIONS[section].includes(action))
				throw new DvsError(405, `${action} is not offered for ${section}`);
			checkRegister(org, account, section);
			return await DVS_ACTIONS[action].run({ deps, now, req, account, org, section, params, files, fault: req.fault });
		} catch (error) {
			return empty(error instanceof DvsError ? error.status : 500);
		}
	};
}
