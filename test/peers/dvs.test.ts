/**
 * Svc DVS over MCP against servers built on the official SDKs: every DVS operation the MCP
 * endpoint offers, with the same assertions as against the simulator itself.
 */
import { useParityEnv } from '../nodes/parity/env';
import { dvsOperations } from '../nodes/parity/dvsOperations';
import { expectServedByPeer } from './expectations';
import { SDK_PEER_KINDS } from '../../devkit/peers/sdkServers';

describe.each(SDK_PEER_KINDS)('Svc DVS over MCP, server: %s', (kind) => {
	const env = useParityEnv({ mcpPeer: kind });
	dvsOperations(env, 'mcp');
	expectServedByPeer(env);
});
