import type { ParityEnv } from '../nodes/parity/env';

/** The block's calls went through the SDK server, and every session they opened was ended. */
export function expectServedByPeer(env: ParityEnv): void {
	it('went through the SDK server and left no session open', () => {
		const peer = env.peer();
		expect(peer).toBeDefined();
		expect(peer!.requests.filter((request) => request.rpcMethod === 'tools/call').length).toBeGreaterThan(0);
		expect(peer!.openSessions()).toBe(0);
		if (peer!.kind === 'sdk1-stateful')
			expect(peer!.requests.some((request) => request.method === 'DELETE')).toBe(true);
	});
}
