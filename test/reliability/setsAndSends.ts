/* eslint-disable @n8n/community-nodes/no-restricted-globals -- this file runs in Node under the test tools, never inside n8n */
/**
 * The chaos suite's leg of sets and sends (issue 57): every write that leaves an object in a stated state (rename,
 * move, delete, restore, a key saved) and every send (Share for Signing, an MCP tool call the node cannot map), over
 * each API that has it, through n8n's engine with Retry On Fail on (and On Error → Continue in most runs), three items
 * a run, item 0's answer — and sometimes another item's — lost after Svc carried the write out, item 0's reads
 * sometimes failing for a whole try. After each run:
 *
 * - sent twice: more of the write's requests reached Svc than the run has items — a set sent again after it landed
 *   (where a read could have shown it), a send repeated;
 * - certain failure after landing: an item failed with anything but "Outcome uncertain" while its object is in the
 *   state asked for (the 405 a second delete gets);
 * - uncertain where a read settles it: a set Svc offers a read of ended "Outcome uncertain" (its reads worked in a
 *   later try at the latest);
 * - repeated without a read (reported, not a fault): Save User Keys, which Svc offers no read of, sent once more after
 *   a lost answer — it stores what the first stored.
 */
import type { IDataObject, INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { byId, runNode, warpTime, type NodeRunResult } from '../../devkit/harness';
import type { ServiceSimulator } from '../../devkit/simulator';
import type { FaultKind, FaultMatch } from '../../devkit/simulator/types';
import { ALL_TOOLS_ON, parityEnvOf, type Auth } from '../nodes/parity/env';
import { LOOKS_PER_TRY, readsFailAfterWrite, startWriteSimulator } from '../nodes/recovery/env';
import { MCP_NODE } from '../helpers';
import { random as randomOf } from './random';

/** Waits pass this much faster (as in the other legs: chaos.ts TIME_WARP). */
const TIME_WARP = 100;

export interface SetsAndSendsReport {
	runs: number;
	sentTwice: number;
	certainFailuresAfterLanding: number;
	uncertainWhereReadSettles: number;
	/** Save User Keys sent once more after a lost answer (no read exists): by design, not counted as sent twice. */
	repeatedWithoutRead: number;
	/** Items output `reconciled: true` (a set read back, a send's answer from its record): the faults met the writes. */
	reconciled: number;
	/** Sends that ended "Outcome uncertain" (their answer lost: never sent again). */
	uncertainSends: number;
	/** Runs per operation. */
	operations: Record<string, number>;
	/** A few runs that counted, for finding them. */
	examples: string[];
}

/** One run's objects: the node's parameters, each item's input, and whether item `n`'s object is as asked. */
interface Prepared {
	parameters: INodeParameters;
	input: IDataObject[];
	holds(n: number): boolean;
}

interface LegCase {
	name: string;
	auth: Auth;
	/** The Svc MCP node's Tool → Call (else the Svc Storage node). */
	mcpNode?: boolean;
	/** Its credential is a DVS user's. */
	dvs?: boolean;
	kind: 'set' | 'send';
	/** Whether Svc offers a read that shows the set done. */
	readable: boolean;
	match: FaultMatch;
	/** Items a run (Save User Keys: one account, one item). */
	items?: number;
	prepare(sim: ServiceSimulator, marker: string): Prepared;
}

const BY_ITEM = byId('={{ $json.hash }}');

function folderOf(sim: ServiceSimulator, marker: string, names: string[]) {
	const pro = sim.demo.pro;
	const folder = sim.storage.createFolder(pro.userId, pro.rootFolderHash, marker);
	const files = names.map((name) => sim.storage.addFile(pro.userId, folder.hash, name, Buffer.from(name)));
	return { folder, files };
}

/** Three objects of a kind in a new folder: files, or folders inside it. */
function objectsOf(sim: ServiceSimulator, marker: string, kind: 'file' | 'folder'): string[] {
	const { folder, files } = folderOf(sim, marker, ['a.txt', 'b.txt', 'c.txt']);
	if (kind === 'file') return files.map((file) => file.hash);
	return [1, 2, 3].map((n) => sim.storage.createFolder(sim.demo.pro.userId, folder.hash, `f${n}`).hash);
}

const entryOf = (sim: ServiceSimulator, kind: 'file' | 'folder', hash: string, deleted = false) =>
	kind === 'file' ? sim.storage.getFile(hash, deleted) : sim.storage.getFolder(hash, deleted);

function deleteCase(kind: 'file' | 'folder'): LegCase {
	return {
		name: `rest ${kind}.delete`,
		auth: 'rest',
		kind: 'set',
		readable: true,
		match: { action: `delete_${kind}` },
		prepare: (sim, marker) => {
			const hashes = objectsOf(sim, marker, kind);
			return {
				parameters: { resource: kind, operation: 'delete', [kind]: BY_ITEM },
				input: hashes.map((hash) => ({ hash })),
				holds: (n) => entryOf(sim, kind, hashes[n]) === undefined,
			};
		},
	};
}

function restoreCase(kind: 'file' | 'folder'): LegCase {
	return {
		name: `rest ${kind}.restore`,
		auth: 'rest',
		kind: 'set',
		readable: true,
		match: { action: `undelete_${kind}` },
		prepare: (sim, marker) => {
			const hashes = objectsOf(sim, marker, kind);
			for (const hash of hashes)
				if (kind === 'file') sim.storage.deleteFile(hash);
				else sim.storage.deleteFolder(hash);
			return {
				parameters: { resource: kind, operation: 'restore', [`${kind}Hash`]: '={{ $json.hash }}' },
				input: hashes.map((hash) => ({ hash })),
				holds: (n) => entryOf(sim, kind, hashes[n]) !== undefined,
			};
		},
	};
}

function moveCase(auth: Auth, kind: 'file' | 'folder'): LegCase {
	return {
		name: `${auth} ${kind}.move`,
		auth,
		kind: 'set',
		readable: true,
		match: auth === 'rest' ? { action: 'move_file' } : { mcpTool: `svc_move_${kind}` },
		prepare: (sim, marker) => {
			const hashes = objectsOf(sim, marker, kind);
			const target = sim.storage.createFolder(sim.demo.pro.userId, sim.demo.pro.rootFolderHash, `${marker}-to`);
			const parentOf = (hash: string) => {
				const entry = entryOf(sim, kind, hash);
				return entry && ('folderHash' in entry ? entry.folderHash : entry.parentHash);
			};
			return {
				parameters: { resource: kind, operation: 'move', [kind]: BY_ITEM, targetFolder: byId(target.hash) },
				input: hashes.map((hash) => ({ hash })),
				holds: (n) => parentOf(hashes[n]) === target.hash,
			};
		},
	};
}

function renameCase(auth: Auth, kind: 'file' | 'folder', mcpNode = false): LegCase {
	const tool = `svc_rename_${kind}`;
	return {
		name: mcpNode ? `mcp tool.call ${tool}` : `${auth} ${kind}.rename`,
		auth,
		mcpNode,
		kind: 'set',
		readable: true,
		match: auth === 'rest' ? { action: `rename_${kind}` } : { mcpTool: tool },
		prepare: (sim, marker) => {
			const hashes = objectsOf(sim, marker, kind);
			const names = hashes.map((_, n) => `renamed ${n}${kind === 'file' ? '.txt' : ''}`);
			const input = hashes.map((hash, n) => ({ hash, name: names[n] }));
			const parameters = mcpNode
				? toolCall(tool, `={{ JSON.stringify({ ${kind}_hash: $json.hash, ${kind}_name: $json.name }) }}`)
				: { resource: kind, operation: 'rename', [kind]: BY_ITEM, newName: '={{ $json.name }}' };
			return { parameters, input, holds: (n) => entryOf(sim, kind, hashes[n])?.name === names[n] };
		},
	};
}

function keyCase(target: 'file' | 'upload'): LegCase {
	const operation = target === 'file' ? 'saveFileKey' : 'saveUploadKey';
	const hashParameter = target === 'file' ? 'fileHash' : 'uploadHash';
	return {
		name: `rest encryptionKey.${operation}`,
		auth: 'rest',
		kind: 'set',
		readable: true,
		match: { action: `save_${target}_encryption_key` },
		prepare: (sim, marker) => {
			const hashes = objectsOf(sim, marker, target === 'file' ? 'file' : 'folder');
			const input = hashes.map((hash, n) => ({ hash, key: `wrapped-${marker}-${n}` }));
			return {
				parameters: {
					resource: 'encryptionKey',
					operation,
					userId: sim.demo.pro.userId,
					[hashParameter]: '={{ $json.hash }}',
					encryptionKey: '={{ $json.key }}',
					keySignature: 'signature',
				},
				input,
				holds: (n) =>
					sim.encryptionKeys.wrappedKey(target, input[n].hash, sim.demo.pro.userId)?.encryptionKey === input[n].key,
			};
		},
	};
}

const userKeysCase: LegCase = {
	name: 'rest encryptionKey.saveUserKeys',
	auth: 'rest',
	kind: 'set',
	readable: false,
	items: 1,
	match: { action: 'save_user_encryption_keys' },
	prepare: (sim, marker) => ({
		parameters: {
			resource: 'encryptionKey',
			operation: 'saveUserKeys',
			userId: sim.demo.pro.userId,
			kem: `kem-${marker}`,
			dsa: 'dsa',
			x25519: 'x25519',
			ed25519: 'ed25519',
		},
		input: [{}],
		holds: () => sim.encryptionKeys.publishedKeys(sim.demo.pro.userId)?.kem === `kem-${marker}`,
	}),
};

const shareCase: LegCase = {
	name: 'rest esignature.share',
	auth: 'rest',
	kind: 'send',
	readable: false,
	match: { action: 'esignature_share' },
	prepare: (sim, marker) => {
		const { files } = folderOf(sim, marker, ['a.pdf', 'b.pdf', 'c.pdf']);
		const input = files.map((file, n) => ({ hash: file.hash, email: `r${n}-${marker}@example.com` }));
		return {
			parameters: { resource: 'esignature', operation: 'share', file: BY_ITEM, emails: '={{ $json.email }}' },
			input,
			holds: (n) => sim.storage.shares.some((share) => share.emails.includes(input[n].email)),
		};
	},
};

/** svc_dvs_add_comment by Tool → Call: a tool the node does not map, a send. */
const toolSendCase: LegCase = {
	name: 'mcp tool.call svc_dvs_add_comment',
	auth: 'mcp',
	mcpNode: true,
	dvs: true,
	kind: 'send',
	readable: false,
	match: { mcpTool: 'svc_dvs_add_comment' },
	prepare: (sim, marker) => {
		const task = sim.dvs.seed.orgA.tasks.design;
		const input = [0, 1, 2].map((n) => ({ text: `${marker} comment ${n}` }));
		const args = `{ dvs_document_id: ${task}, comment: $json.text }`;
		return {
			parameters: toolCall('svc_dvs_add_comment', `={{ JSON.stringify(${args}) }}`),
			input,
			holds: (n) => sim.dvs.store.comments(task).some((comment) => comment.storedHtml.includes(input[n].text)),
		};
	},
};

/** Svc MCP → Tool → Call of `tool` with JSON arguments. */
export function toolCall(tool: string, argumentsJson: string): INodeParameters {
	return {
		resource: 'tool',
		operation: 'call',
		tool: { __rl: true, mode: 'name', value: tool },
		argumentsMode: 'json',
		argumentsJson,
	};
}

/** Every set and send of the Svc Storage node over each API that has it, and Tool → Call's. */
export const SETS_AND_SENDS: LegCase[] = [
	deleteCase('file'),
	deleteCase('folder'),
	restoreCase('file'),
	restoreCase('folder'),
	moveCase('rest', 'file'),
	moveCase('mcp', 'file'),
	moveCase('mcp', 'folder'),
	renameCase('rest', 'file'),
	renameCase('rest', 'folder'),
	renameCase('mcp', 'file'),
	renameCase('mcp', 'folder'),
	renameCase('mcp', 'file', true),
	keyCase('file'),
	keyCase('upload'),
	userKeysCase,
	shareCase,
	toolSendCase,
];

/** How an answer is lost after Svc carried the write out. */
const LOST: Array<(random: () => number, auth: Auth) => FaultKind> = [
	() => ({ kind: 'dropAfterCommit' }),
	() => ({ kind: 'statusAfterCommit', status: 500 }),
	(_random, auth) => (auth === 'rest' ? { kind: 'badAnswer', body: 'cutJson' } : { kind: 'dropAfterCommit' }),
	(random) => ({ kind: 'lateCommit', afterMs: Math.floor(random() * 3000) }),
];

const RETRY_ON_FAIL = { retryOnFail: { maxTries: 3, waitBetweenTries: 1000 } };

async function runOnce(sim: ServiceSimulator, leg: LegCase, prepared: Prepared, continues: boolean) {
	const recovery = { ...RETRY_ON_FAIL, ...(continues ? { onError: 'continueRegularOutput' as const } : {}) };
	const input = prepared.input.map((json) => ({ json }));
	const env = parityEnvOf(() => sim);
	if (leg.mcpNode)
		return await runNode({
			type: MCP_NODE,
			parameters: prepared.parameters,
			credentials: leg.dvs ? env.dvsCredentials('mcp') : env.storageCredentials('mcp'),
			input,
			...recovery,
		});
	return await env.storage(leg.auth, prepared.parameters, { input, recovery });
}

/** What each item came to: its output, or the node's error for the item it names (items after it: not run). */
function outcomes(result: NodeRunResult, items: number): Array<'done' | 'uncertain' | 'failed' | 'none'> {
	const of = (json: IDataObject | undefined) => {
		if (!json) return 'none' as const;
		if (typeof json.error !== 'string') return 'done' as const;
		return json.error.startsWith('Outcome uncertain') ? ('uncertain' as const) : ('failed' as const);
	};
	return Array.from({ length: items }, (_, n) => {
		if (result.error && (result.error.itemIndex ?? 0) === n) return of({ error: result.error.message });
		const item = result.items.find((output: INodeExecutionData) => {
			const paired = output.pairedItem;
			return !Array.isArray(paired) && typeof paired === 'object' && paired.item === n;
		});
		return of(item?.json);
	});
}

async function legOfCase(leg: LegCase, runs: number, random: () => number, report: SetsAndSendsReport) {
	const sim = await startWriteSimulator();
	try {
		Object.assign(sim.mcp.settings, ALL_TOOLS_ON);
		// A REST rename sent twice gets a number (document 1's "final normalized unique name", read strictly).
		sim.storage.renameToOwnName.rest = 'numbered';
		for (let run = 0; run < runs; run++) {
			sim.faults.clear();
			sim.mcp.state.limiter.clear();
			const marker = `ss-${run}-${Math.floor(random() * 1e9).toString(36)}`;
			const prepared = leg.prepare(sim, marker);
			const items = prepared.input.length;
			// Item 0's reads fail for a whole try now and then: Retry On Fail's next try must settle it.
			if (random() < 0.4) sim.faults.add(readsFailAfterWrite(leg.match, 0, LOOKS_PER_TRY));
			const lost = new Set([0, ...(items > 1 && random() < 0.5 ? [1 + Math.floor(random() * (items - 1))] : [])]);
			// Faults of a match hit in the order added: item n's write is the (n+1)th request of the write.
			let sent = 0;
			for (const n of [...lost].sort()) {
				sim.faults.add({
					match: leg.match,
					fault: LOST[Math.floor(random() * LOST.length)](random, leg.auth),
					skip: n - sent,
				});
				sent = n + 1;
			}
			const start = sim.requests.length;
			const continues = random() < 0.7;
			const result = await runOnce(sim, leg, prepared, continues);
			// A late commit may still be under way: let it finish before counting.
			await new Promise((resolve) => setTimeout(resolve, 4000));
			const arrived = sim.requests
				.slice(start)
				.filter((entry) =>
					leg.match.action ? entry.action === leg.match.action : entry.mcpTool === leg.match.mcpTool,
				);
			report.runs++;
			report.operations[leg.name] = (report.operations[leg.name] ?? 0) + 1;
			const extra = Math.max(0, arrived.length - items);
			if (leg.readable || leg.kind === 'send') report.sentTwice += extra;
			else report.repeatedWithoutRead += extra;
			const said = outcomes(result, items);
			const certain = said.filter((outcome, n) => outcome === 'failed' && prepared.holds(n)).length;
			const uncertain =
				leg.kind === 'set' && leg.readable ? said.filter((outcome) => outcome === 'uncertain').length : 0;
			report.certainFailuresAfterLanding += certain;
			report.reconciled += result.items.filter((item) => item.json.reconciled === true).length;
			if (leg.kind === 'send') report.uncertainSends += said.filter((outcome) => outcome === 'uncertain').length;
			report.uncertainWhereReadSettles += uncertain;
			if ((certain || uncertain || (extra && leg.readable)) && report.examples.length < 20)
				report.examples.push(
					`${leg.name} (${continues ? 'Continue' : 'Stop'}, lost ${[...lost].join('+')}): ${said.join(', ')}; ` +
						`${arrived.length} sent; ${result.error?.message ?? JSON.stringify(result.items[0]?.json ?? {}).slice(0, 200)}`,
				);
		}
	} finally {
		await sim.close();
	}
}

/** Runs every set and send `runs` times (each against its own simulator, all at once), seeded. */
export async function runSetsAndSends(runs: number, seed: number): Promise<SetsAndSendsReport> {
	const report: SetsAndSendsReport = {
		runs: 0,
		sentTwice: 0,
		certainFailuresAfterLanding: 0,
		uncertainWhereReadSettles: 0,
		repeatedWithoutRead: 0,
		reconciled: 0,
		uncertainSends: 0,
		operations: {},
		examples: [],
	};
	const endWarp = warpTime(TIME_WARP);
	try {
		await Promise.all(
			SETS_AND_SENDS.map(async (leg, index) => await legOfCase(leg, runs, randomOf(seed * 1000 + index), report)),
		);
	} finally {
		endWarp();
	}
	return report;
}

/** The leg in one line, for `npm run chaos`. */
export function setsAndSendsLine(report: SetsAndSendsReport): string {
	return (
		`sets and sends: ${report.runs} runs, ${report.sentTwice} sent twice, ${report.certainFailuresAfterLanding} ` +
		`certain failures after landing, ${report.uncertainWhereReadSettles} uncertain where a read settles it ` +
		`(${report.reconciled} settled by a read or a record, ${report.uncertainSends} sends uncertain, ` +
		`${report.repeatedWithoutRead} repeated without a read)`
	);
}
