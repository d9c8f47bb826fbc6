/**
 * The documentation the endpoint serves as `svc-docs://<name>`: short embedded versions of
 * the service's documents, so the simulator does not read files outside the repository.
 */
export interface DocEntry {
	name: string;
	title: string;
	description: string;
	format: 'markdown' | 'openapi';
	mimeType: string;
	published: boolean;
	text: string;
}

const storageApi = `# Cloud Storage REST API (V2)

The storage API at {base_url}/api_v2/{action} manages folders and files. Each account has one ROOT folder that holds folders and files.

## Folders

- create_folder: parent_folder_hash, folder_name, access_type (PRIVATE or LINK). The final name is normalized and unique among siblings.
- get_folder_content: direct files and subfolders of a folder (not recursive); get_access_rights adds access rights.
- rename_folder and delete_folder. The ROOT folder cannot be renamed.

## Files

- upload_file (multipart): one file into an existing folder; uploading directly to ROOT is not allowed. Virus detected: 490; folder size limit: 492; file size limit: 493.
- download_file: PRIVATE files need authorization, LINK files do not.
- get_file_info, rename_file, move_file, delete_file.

## Authentication

HTTP Basic, a session cookie, user + pass, or user + user_access_token. Provide exactly one method. Two-factor authentication answers 403 with TWO_FACTOR_REQURIED: 1.
`;

const mcpEndpoint = `# Hosted MCP Endpoint

One endpoint, POST {base_url}/api/mcp, gives AI clients access to account files and folders and to published API documentation (JSON-RPC 2.0).

## Tools

Read tools: svc_get_root_folder, svc_list_folder (offset addresses the raw sequence; a page may be short), svc_get_folder_info, svc_get_file_info, svc_read_file, svc_search_files, svc_search_docs, svc_get_doc.

Write tools (v1.2, when writes are enabled): svc_create_folder, svc_upload_file, svc_import_file, svc_rename_file, svc_rename_folder, svc_move_file, svc_move_folder. Name conflicts return name_conflict; nothing is overwritten.

## Authentication

Authorization: Bearer <user_id>:<api_token> with an API or ALL token, or an OAuth access token with scopes files:read, files:write, dvs:read, dvs:write.

## Limits

Request body 1 MB; upload tools up to 16 MiB; inline read 25 MB; rate limits answer 429 with the retry time in seconds.
`;

const dvsApi = `# DMS (DVS) JSON API

The document-management register at {base_url}/api_dvs/{dvs_section}/{action}: tasks, projects, contact persons and clients.

## Tasks

get_fields lists field names, types, filter flags and dropdown option ids. get_documents lists with filters, limit (up to 200), offset and order (newest or oldest). create_document needs dvs_project_id and name. update_document is a partial patch; the project cannot change.

## Comments and attachments

add_comment stores a comment; @[USER:id] mentions a user. upload_document_file attaches a file; the attachment folder is created on first upload.

## Permissions

The organization must have the register enabled and the user's group needs write permission on it.
`;

const storageOpenApi = `openapi: 3.0.3
info:
  title: Cloud Storage REST API
  version: "2.0"
servers:
  - url: "{base_url}/api_v2"
paths:
  /create_folder:
    post:
      summary: Create a folder
  /get_folder_content:
    post:
      summary: List the direct files and subfolders of a folder
  /upload_file:
    post:
      summary: Upload one file to an existing folder
  /download_file:
    post:
      summary: Download a file
  /move_file:
    post:
      summary: Move a file to another folder
`;

const internalRunbook = `# Internal: rate-limit runbook

Operators only. How to lift the per-user write bucket during an incident. Not for publication.
`;

export const DOCS: DocEntry[] = [
	{
		name: 'storage-api',
		title: 'Cloud Storage REST API (V2)',
		description: 'Folders, files, uploads and authentication',
		format: 'markdown',
		mimeType: 'text/markdown',
		published: true,
		text: storageApi,
	},
	{
		name: 'mcp-endpoint',
		title: 'Hosted MCP Endpoint',
		description: 'Tools, authorization, limits and errors of the MCP endpoint',
		format: 'markdown',
		mimeType: 'text/markdown',
		published: true,
		text: mcpEndpoint,
	},
	{
		name: 'dvs-api',
		title: 'DMS (DVS) JSON API',
		description: 'Tasks, projects, comments and attachments',
		format: 'markdown',
		mimeType: 'text/markdown',
		published: true,
		text: dvsApi,
	},
	{
		name: 'storage-openapi',
		title: 'Cloud Storage OpenAPI specification',
		description: 'OpenAPI 3 description of the storage API',
		format: 'openapi',
		mimeType: 'application/yaml',
		published: true,
		text: storageOpenApi,
	},
	{
		name: 'internal-rate-limit-runbook',
		title: 'Internal rate-limit runbook',
		description: 'Unpublished',
		format: 'markdown',
		mimeType: 'text/markdown',
		published: false,
		text: internalRunbook,
	},
];

export const DOC_URI_PREFIX = 'svc-docs://';

/** A published document by its `svc-docs://<name>` URI; anything else is undefined. */
export function publishedDoc(uri: string): DocEntry | undefined {
	if (!uri.startsWith(DOC_URI_PREFIX)) return undefined;
	const name = uri.slice(DOC_URI_PREFIX.length);
	if (!/^[a-z0-9-]+$/.test(name)) return undefined;
	return DOCS.find((d) => d.name === name && d.published);
}

export function publishedDocs(): DocEntry[] {
	return DOCS.filter((d) => d.published);
}

export function docUri(doc: DocEntry): string {
	return `${DOC_URI_PREFIX}${doc.name}`;
}

export function docUrl(doc: DocEntry, baseUrl: string): string {
	return `${baseUrl}/docs/api/${doc.name}`;
}
