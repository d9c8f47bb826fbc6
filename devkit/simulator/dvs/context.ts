import type { Account, AccountStore } from '../accounts';
import type { FaultKind, SimRequest, SimResponse } from '../types';
import type { AttachmentPort, MultipartFile, MultipartParser } from './ports';
import type { Params } from './params';
import type { DvsStore } from './store';
import type { DvsOrganization, DvsSection } from './types';

export interface DvsDeps {
	accounts: AccountStore;
	store: DvsStore;
	attachments: AttachmentPort;
	/** Epoch milliseconds; defaults to `Date.now`. */
	now?: () => number;
	parseMultipart: MultipartParser;
}

/** One authenticated, authorized request on its way into an action. */
export interface DvsContext {
	deps: DvsDeps;
	now: () => number;
	req: SimRequest;
	account: Account;
	org: DvsOrganization;
	section: DvsSection;
	/** JSON body, or the multipart text fields for upload_document_file. */
	params: Params;
	/** Multipart files (upload_document_file only). */
	files: MultipartFile[];
	/** Fault the shared server attached to this request (the handler acts on `partialWrite`). */
	fault?: FaultKind;
}

export type DvsActionHandler = (ctx: DvsContext) => Promise<SimResponse> | SimResponse;

export const ok = (json: unknown): SimResponse => ({ status: 200, json });
