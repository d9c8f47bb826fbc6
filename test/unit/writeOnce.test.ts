/**
 * The exactly-once decision alone (the executor, exactlyOnce/executor.ts `writeOnce`, without records): what is
 * sent again, what is taken from the read-back, what ends "Outcome uncertain". The write, the look and the failures
 * are scripted; the settle waits are warped, and the waits asked for are what is asserted.
 */
import type { INode } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { SETTLE_WAITS_MS, writeOnce } from '../../nodes/shared/services/exactlyOnce/executor';
import {
	AmbiguousReadBack,
	type SentWrite,
	type UncertainWrite,
} from '../../nodes/shared/services/exactlyOnce/uncertainWrite';
import { serviceError } from '../../nodes/shared/transport/errors';
import { useWarpedTime, warpedDelays } from '../../devkit/harness';

useWarpedTime(1000);

const NODE = {
	name: 'Svc Storage',
	type: 'n8n-nodes-svc.svcStorage',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	id: 'n',
} as INode;

const lost = (kind: 'timeout' | 'reset') =>
	serviceError(NODE, { message: `lost (${kind})`, uncertain: true, mayStillLand: kind === 'timeout' }, []);
const refused = () => serviceError(NODE, { message: 'refused (400)', httpCode: '400' }, []);

/** One item's write as the executor runs it, with no records (a run that records nothing). */
async function writeAlone(node: INode, write: UncertainWrite<Said>): Promise<Said> {
	return await writeOnce(node, { itemIndex: 0 }, () => ({ claim: { place: 'folder:f' }, describe: () => write }));
}

type Said = { said: string };

type Step = 'ok' | 'timeout' | 'reset' | 'refused';
type Look = 'absent' | 'found' | 'fails' | 'ambiguous';

/** A write whose attempts and looks follow the scripts; counts what was sent. Nothing is read before it. */
function scripted(attempts: Step[], looks: Look[]): UncertainWrite<Said> & { sent: number; looked: number } {
	const write = {
		sent: 0,
		looked: 0,
		subject: 'the folder "Reports"',
		identity: { folder: 'f', name: 'Reports' },
		locate: { folder: 'f', name: 'Reports' },
		objectOf: () => ({ id: 'h' }),
		readBack: async () => ({ said: 'read back' }),
		write: async () => {
			const step = attempts[write.sent++] ?? 'ok';
			if (step === 'ok') return { said: 'written' };
			throw step === 'refused' ? refused() : lost(step);
		},
		findWritten: async (sent: SentWrite) => {
			expect(sent).toEqual({ at: expect.any(Number), locate: { folder: 'f', name: 'Reports' } });
			const look = looks[write.looked++] ?? 'absent';
			if (look === 'fails') throw new Error('read-back timed out');
			if (look === 'ambiguous') throw new AmbiguousReadBack('two folders named "Reports"');
			return look === 'found' ? { said: 'found by reading back' } : undefined;
		},
	};
	return write;
}

it('sends once and returns the answer when the write answers', async () => {
	const write = scripted(['ok'], []);
	await expect(writeAlone(NODE, write)).resolves.toEqual({ said: 'written' });
	expect([write.sent, write.looked]).toEqual([1, 0]);
});

it('a refusal is thrown as it is, never looked for or sent again', async () => {
	const write = scripted(['refused'], []);
	await expect(writeAlone(NODE, write)).rejects.toThrow('refused (400)');
	expect([write.sent, write.looked]).toEqual([1, 0]);
});

it.each([
	['found at once', ['found'], 1, []],
	['found after the second wait', ['absent', 'absent', 'found'], 3, SETTLE_WAITS_MS.slice(0, 2)],
	['found after a look that failed', ['fails', 'found'], 2, SETTLE_WAITS_MS.slice(0, 1)],
] as Array<[string, Look[], number, number[]]>)(
	'a lost answer, then our item %s: taken, not sent again',
	async (_case, looks, looked, waits) => {
		warpedDelays();
		const write = scripted(['reset'], looks);
		await expect(writeAlone(NODE, write)).resolves.toEqual({ said: 'found by reading back', reconciled: true });
		expect([write.sent, write.looked]).toEqual([1, looked]);
		expect(warpedDelays()).toEqual(waits);
	},
);

it('a reset whose write is absent after the whole settle window is sent once more', async () => {
	warpedDelays();
	const write = scripted(['reset', 'ok'], []);
	await expect(writeAlone(NODE, write)).resolves.toEqual({ said: 'written' });
	expect([write.sent, write.looked]).toEqual([2, SETTLE_WAITS_MS.length + 1]);
	expect(warpedDelays()).toEqual(SETTLE_WAITS_MS);
});

it.each([
	['a timeout (the service may still be writing)', ['timeout'], [], /had not appeared in the destination 15 s later/],
	[
		'a last look that failed',
		['reset'],
		['absent', 'absent', 'absent', 'absent', 'fails'],
		/reading the destination back failed too/,
	],
	[
		'an ambiguous read-back',
		['reset'],
		['ambiguous', 'ambiguous', 'ambiguous', 'ambiguous', 'ambiguous'],
		/cannot tell whether that is the folder "Reports"/,
	],
	['a second lost answer', ['reset', 'reset'], [], /lost \(reset\)/],
] as Array<[string, Step[], Look[], RegExp]>)(
	'ends uncertain, never sent a third time, after %s',
	async (_case, attempts, looks, said) => {
		const write = scripted(attempts, looks);
		const failure = await writeAlone(NODE, write).catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(NodeApiError);
		expect(`${(failure as NodeApiError).message} ${(failure as NodeApiError).description ?? ''}`).toMatch(said);
		expect(write.sent).toBe(attempts.length);
	},
);

it("the send's time is when the request leaves the node (an MCP call after its session's handshake), not when it was handed on", async () => {
	let now = Date.parse('2026-12-07T10:00:00Z');
	const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
	try {
		const write = scripted(['reset'], ['found']);
		const attempt = write.write;
		const seen: Array<number | undefined> = [];
		write.write = async (leaving?: () => void) => {
			now += 90_000; // the session's handshake, before the tools/call goes
			leaving?.();
			return await attempt();
		};
		const findWritten = write.findWritten;
		write.findWritten = async (sent) => {
			seen.push(sent.at);
			return await findWritten(sent);
		};
		await expect(writeAlone(NODE, write)).resolves.toEqual({ said: 'found by reading back', reconciled: true });
		expect(seen).toEqual([Date.parse('2026-12-07T10:01:30Z')]);
	} finally {
		clock.mockRestore();
	}
});
