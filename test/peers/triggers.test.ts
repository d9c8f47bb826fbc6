/**
 * Both polling triggers over MCP against servers built on the official SDKs: the same items and
 * fields as with the REST credential on the same data.
 */
import { triggerEvents } from '../nodes/parity/triggerEvents';
import { SDK_PEER_KINDS } from '../../devkit/peers/sdkServers';

describe.each(SDK_PEER_KINDS)('the triggers over MCP, server: %s', (kind) => {
	const parity = triggerEvents(kind);
	it('went through the SDK server and left no session open', () => {
		const peer = parity.peer()!;
		expect(peer.requests.filter((request) => request.rpcMethod === 'tools/call').length).toBeGreaterThan(0);
		expect(peer.openSessions()).toBe(0);
	});
});
