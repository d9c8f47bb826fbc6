import type { AccountStore } from '../accounts';
import type { DvsDomainDeps } from '../dvs/domain';
import type { StorageLimits } from '../storage/context';
import type { StorageStore } from '../storage/store';
import type { DownloadLinks } from './downloadLinks';

export interface McpSettings {
	/** SVC_MCP_WRITES_ENABLED */
	writesEnabled: boolean;
	/** SVC_MCP_DVS_ENABLED */
	dvsEnabled: boolean;
	/** SVC_MCP_DVS_WRITES_ENABLED */
	dvsWritesEnabled: boolean;
	/** Tool name prefix, `svc_` in the documents. */
	toolPrefix: string;
	/** The optional isolated OAuth profile. */
	oauthEnabled: boolean;
	/**
	 * Multiplies every duration of the endpoint: rate-limit windows, OAuth code/token
	 * lifetimes and the import deadline. 1 is real time.
	 */
	timeScale: number;
	/**
	 * svc_list_folder paging: document 2 defines only `limit` and `offset` ("a page may be short
	 * after access filtering; offset addresses the raw sequence"). `document` (default) answers
	 * exactly that; `hints` adds `next_offset` / `has_more`, as some servers do.
	 */
	listPaging: 'document' | 'hints';
	/** The largest svc_list_folder `limit` honoured; a larger one is capped (document 2: "not shown"). */
	listMaxLimit: number;
	/**
	 * How svc_read_file carries inline content. Document 2: "text files inline as UTF-8; binary files
	 * below the inline limit as blob content with base64 data"; the content block is not shown.
	 * `document` (default): text content for text, an embedded resource's blob for binary;
	 * `resource`: an embedded resource for both (its `text` for a text file).
	 */
	readFileDelivery: 'document' | 'resource';
}

export interface FetchSourceRequest {
	url: string;
	/** The validated IPv4 address to connect to (no second DNS lookup). */
	address: string;
	signal: AbortSignal;
	/** Stop reading past this many bytes and report `tooLarge`. */
	maxBytes: number;
}

export interface FetchedSource {
	status: number;
	/** The Location header of a 3xx answer. */
	location?: string;
	contentType?: string;
	body?: Buffer;
	tooLarge?: boolean;
}

export type FetchSource = (request: FetchSourceRequest) => Promise<FetchedSource>;

/**
 * What the endpoint works on: the stores the REST APIs serve, so a folder, file, task or
 * comment written over one API is what the others read. The tools keep document 2's own
 * rules (rights, no auto-rename, the upload checks) and call the stores' domain methods.
 */
export interface McpDeps {
	accounts: AccountStore;
	storage: StorageStore;
	/** The file and folder size limits uploads keep to (the REST API's, read on every upload). */
	limits: StorageLimits;
	/** Signs the download URLs of files too large to inline. */
	downloadLinks: DownloadLinks;
	/** The DVS register (its store and task attachments), when the deployment has one. */
	dvs?: DvsDomainDeps;
	/** Read on every request: tests may change it at run time. */
	settings: McpSettings;
	now?: () => number;
	/** Import fetcher (HTTPS GET without redirects); the default uses node:https. */
	fetchSource?: FetchSource;
	/** Resolves a host name to addresses; the default uses node:dns. */
	resolveHost?: (host: string) => Promise<string[]>;
	/** Fetches a Client ID Metadata Document; without it such client ids are refused. */
	fetchClientMetadata?: (url: string) => Promise<unknown>;
}

export function defaultSettings(overrides: Partial<McpSettings> = {}): McpSettings {
	return {
		writesEnabled: false,
		dvsEnabled: false,
		dvsWritesEnabled: false,
		toolPrefix: 'svc_',
		oauthEnabled: false,
		timeScale: 1,
		listPaging: 'document',
		listMaxLimit: 200,
		readFileDelivery: 'document',
		...overrides,
	};
}
