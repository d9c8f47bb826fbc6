/** Test support for the MCP simulator: in-memory ports, an HTTP adapter, a client, a fixture. */
export { FakeStorage, EICAR } from './testing/fake-storage';
export type { ShareLevel } from './testing/fake-storage';
export { FakeDvs } from './testing/fake-dvs';
export { startTestServer, faultForTool, TEST_CLIENT_IP_HEADER } from './testing/http';
export type { TestServer, FaultPicker } from './testing/http';
export { McpTestClient } from './testing/client';
export type { HttpAnswer, RpcOptions } from './testing/client';
export { createMcpFixture, pkcePair, START_TIME } from './testing/fixture';
export type { McpFixture, FixtureOptions } from './testing/fixture';
