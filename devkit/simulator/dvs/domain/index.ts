/**
 * Document 3's rules without HTTP: the REST actions (`../actions.ts`) and the MCP DVS tools
 * (`../../mcp/tools/dvs*.ts`) both call these, so the two surfaces cannot drift.
 * They throw `DvsError` (400 invalid, 401 no session organization, 405 not permitted or
 * unknown document, 500 partial write) and leave the mapping to the caller.
 */
export * from './attachments';
export * from './comments';
export * from './documents';
export * from './fields';
export * from './session';
export * from './types';
export * from './users';
export * from './writes';
