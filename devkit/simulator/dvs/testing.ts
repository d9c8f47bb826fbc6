/** Test-only pieces of the DVS simulator; production-side code never imports this file. */
export { DvsTestClient, type Credentials, type DvsReply, type UploadFile } from './testing/client';
export { credsOf, eachTestDvsEnv, startDvsTestEnv, type DvsTestEnv } from './testing/env';
export {
	EICAR_SIGNATURE,
	FakeAttachmentPort,
	numberedName,
	type FakeFile,
	type FakeFolder,
} from './testing/fakeAttachments';
export { startTestServer, type TestServer } from './testing/httpAdapter';
export { parseMultipartForTests } from './testing/multipart';
export { newProject, tasksArrive, type Arrivals } from './testing/arrivals';
