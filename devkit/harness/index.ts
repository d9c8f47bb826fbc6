export { loadPackage, DEFAULT_PACKAGE_ROOT, type LoadedPackage, type HarnessNodeTypes } from './loader';
export type { CredentialsMap } from './credentials';
export type { BinaryMode } from './engine';
export { ITEMS_TYPE, MANUAL_TRIGGER_TYPE, NO_OP_TYPE, WAIT_TYPE, type HarnessInputItem } from './internalNodes';
export { LOOP_OVER_ITEMS_TYPE, LOOP_OVER_ITEMS_VERSION } from './loopOverItems';
export { FILTER_TYPE, FILTER_VERSION, REMOVE_DUPLICATES_TYPE, REMOVE_DUPLICATES_VERSION } from './coreNodes';
export type { RetryOptions } from './retry';
export {
	runNode,
	runWorkflow,
	binaryBuffer,
	type NodeRunResult,
	type RunNodeOptions,
	type WorkflowRunResult,
	type RunWorkflowOptions,
	type HarnessNodeError,
} from './run';
export type { HarnessWorkflowInput, HarnessNode } from './execution';
export { createPoller, type CreatePollerOptions, type Poller } from './poller';
export { listSearch, loadOptions, resourceMapping, type ListSearchOptions, type NodeMethodOptions } from './methods';
export { testCredential, type CredentialTestResult } from './credentialTest';
export { removeBinaryData } from './engine';
export { warpTime, useWarpedTime, warpedDelays, warpedNow } from './time';
export { byId, byName } from './parameters';
