/**
 * Document 3's rules without HTTP: the REST actions (`../actions.ts`) and the MCP DVS tools
 * (`../../mcp/tools/dvs*.ts`) both call these, so the two surfaces cannot drift.
 * They throw `DvsError` (400 invalid, 401 no session organization, 405 not permitted or
 * unknown document, 500 partial write) and leave the mapping to the caller.
 */
export { addComment, listComments, type CommentPage, type CommentView } from './comments';
export { attachFile, type AttachmentInput, type AttachOptions, type AttachOutcome } from './attachments';
export { documentView, findDocument, listDocuments, MAX_LIST_LIMIT, type DocumentPage } from './documents';
export { fieldDescriptors, type FieldDescriptor } from './fields';
export { checkRegister, sessionOrganization } from './session';
export { chain, type DvsActor, type DvsDomainDeps, type MaybePromise } from './types';
export { assignableUserRefs, searchUsers, type FoundUser } from './users';
export { createDocument, updateDocument, type WriteOptions } from './writes';
