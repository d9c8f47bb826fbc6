/** Test support for the MCP simulator: in-memory ports, an HTTP adapter, a client, a fixture. */
export { FakeStorage, EICAR } from './testing/fakeStorage';
export type { ShareLevel } from './testing/fakeStorage';
export { FakeDvs } from './testing/fakeDvs';
export { startTestServer, faultForTool, TEST_CLIENT_IP_HEADER } from './testing/http';
export type { TestServer, FaultPicker } from './testing/http';
export { McpTestClient } from './testing/client';
export type { HttpAnswer, RpcOptions } from './testing/client';
export { createMcpFixture, pkcePair, START_TIME } from './testing/fixture';
export type { McpFixture, FixtureOptions } from './testing/fixture';
