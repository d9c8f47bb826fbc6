export { DVS_ACTIONS, SECTION_ACTIONS, type DvsAction, type DvsActionDef } from './actions';
export { createDvsHandler, type DvsDeps } from './handler';
export type { DvsActionHandler, DvsContext } from './context';
export type {
	AddFileResult,
	AttachmentErrorCode,
	AttachmentPort,
	MultipartFile,
	MultipartParser,
	ParsedMultipart,
} from './ports';
export { DvsStore, type NewDocument } from './store';
export { seedDvsDemo, type DvsSeed, type OrgASeed, type OrgBSeed, type SeededOrg, type SeedUser } from './seed';
export { insertComment, insertDocument, insertTask, type DirectComment, type DirectDocument } from './direct';
export { standardFields, type OrganizationOptions } from './schema';
export * from './types';
