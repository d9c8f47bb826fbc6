/**
 * Svc Storage over MCP against servers built on the official SDKs: every storage operation the
 * MCP endpoint offers, with the same assertions as against the simulator itself.
 */
import { useParityEnv } from '../nodes/parity/env';
import { storageOperations } from '../nodes/parity/storageOperations';
import { expectServedByPeer } from './expectations';
import { SDK_PEER_KINDS } from '../../devkit/peers/sdkServers';

describe.each(SDK_PEER_KINDS)('Svc Storage over MCP, server: %s', (kind) => {
	const env = useParityEnv({ mcpPeer: kind });
	storageOperations(env, 'mcp');
	expectServedByPeer(env);
});
