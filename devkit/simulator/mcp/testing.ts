/** Test support for the MCP simulator: a fixture over the real stores, an HTTP adapter, a client. */
export { startTestServer, faultForTool, TEST_CLIENT_IP_HEADER } from './testing/http';
export type { TestServer, FaultPicker } from './testing/http';
export { McpTestClient } from './testing/client';
export type { HttpAnswer, RpcOptions } from './testing/client';
export { createMcpFixture, pkcePair, EICAR, START_TIME } from './testing/fixture';
export type { McpFixture, FixtureOptions, SeedFileOptions } from './testing/fixture';
export { bearerOf, freshUser, mcpClientFor, ok, toolError } from './testing/service';
