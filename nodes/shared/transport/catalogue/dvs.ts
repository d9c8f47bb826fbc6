import { z } from 'zod';

import { documentId, object, page, text } from '../answers';
import { row, tool, type McpDvsRegister, type McpToolGroup, type RestAction } from './rows';

const FIELD_HINT =
	'A field value may be invalid: option, user and document IDs are organization-specific (pick ' +
	"them from the node's lists), responsible and followers must be assignable in the task's " +
	"project, dates use YYYY-MM-DD, and the task's project cannot change.";
const users: [z.ZodType<unknown>, string] = [z.object({ users: z.array(object) }).passthrough(), 'users'];
const uploaded = z.union([
	z.object({ file_hash: text, upload_hash: text }).passthrough(),
	// The DVS API: a file the service could not save is 200 with success false.
	z.object({ success: z.literal(false) }).passthrough(),
]);

const BOTH: McpDvsRegister[] = ['task', 'project_2'];
const TASKS: McpDvsRegister[] = ['task'];

/** A DVS API action and the MCP endpoint's DVS tool that mirrors it, for the registers the tool reaches. */
const mirrored = (
	rest: RestAction,
	suffix: string,
	group: McpToolGroup,
	registers: McpDvsRegister[],
	upload = false,
) => ({
	rest,
	mcp: tool(suffix, group, { mirrors: { action: rest, registers }, ...(upload ? { upload } : {}) }),
});

/**
 * Every action of the DVS API, one entry each, with the MCP endpoint's DVS tool that mirrors it; restCatalogue.ts
 * and mcp/toolCatalogue.ts list their rows under the same keys.
 */
export const DVS = {
	getFields: mirrored(
		row('get_fields', 'dvs', 'read', [z.object({ fields: z.array(object) }).passthrough(), 'fields']),
		'dvs_get_fields',
		'dvsRead',
		BOTH,
	),
	getUsers: mirrored(
		row('get_users', 'dvs', 'read', users, {
			invalidHint: 'Check the project: it must be a project of your organization.',
		}),
		'dvs_get_users',
		'dvsRead',
		BOTH,
	),
	searchUsers: mirrored(
		row('search_users', 'dvs', 'read', users, {
			invalidHint: 'The pattern needs 2 to 100 characters and the limit 1 to 20.',
		}),
		'dvs_search_users',
		'dvsRead',
		TASKS,
	),
	getDocument: mirrored(
		row('get_document', 'dvs', 'read', [documentId, 'the document with its dvs_document_id']),
		'dvs_get_document',
		'dvsRead',
		BOTH,
	),
	getDocuments: mirrored(
		row('get_documents', 'dvs', 'read', [page, 'items and total'], {
			invalidHint: 'A filter value may be invalid: filters take option, user or document IDs of your organization.',
		}),
		'dvs_list_documents',
		'dvsRead',
		BOTH,
	),
	getComments: mirrored(
		row('get_comments', 'dvs', 'read', [page, 'items and total']),
		'dvs_get_comments',
		'dvsRead',
		TASKS,
	),
	createDocument: mirrored(
		row('create_document', 'dvs', 'write', [documentId, 'the new dvs_document_id'], { invalidHint: FIELD_HINT }),
		'dvs_create_task',
		'dvsWrite',
		TASKS,
	),
	updateDocument: mirrored(
		row('update_document', 'dvs', 'write', [documentId, 'the dvs_document_id'], { invalidHint: FIELD_HINT }),
		'dvs_update_task',
		'dvsWrite',
		TASKS,
	),
	addComment: mirrored(
		row('add_comment', 'dvs', 'write', [documentId, 'the dvs_document_id'], {
			invalidHint: 'The comment must not be empty.',
		}),
		'dvs_add_comment',
		'dvsWrite',
		TASKS,
	),
	uploadDocumentFile: mirrored(
		row(
			'upload_document_file',
			'dvs',
			'write',
			[uploaded, 'file_hash and upload_hash (or success false with an error)'],
			{
				invalidHint: 'The file may be empty or missing.',
			},
		),
		'dvs_upload_file',
		'dvsUpload',
		TASKS,
		true,
	),
};
