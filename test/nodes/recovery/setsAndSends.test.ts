/**
 * Sets and sends through n8n's engine (issue 57, DESIGN "Every write has a kind"): three items, item 0's answer lost
 * after Svc carried it out. A set (rename, move, delete, restore, a key saved) is settled by reading the object —
 * the state asked for there is the write done, output `reconciled: true`, never "Outcome uncertain" where one read
 * settles it and never a certain failure (the 405 a second delete gets) for a write that happened. A send (Share for
 * Signing, an MCP tool call the node cannot map) goes at most once: Retry On Fail outputs an answered send from its
 * record and never sends one whose answer was lost. Tool → Call of svc_create_folder runs as Folder → Create does.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { byId, runNode, type HarnessInputItem, type NodeRunResult } from '../../../devkit/harness';
import type { FaultKind, FaultMatch } from '../../../devkit/simulator/types';
import { MCP_NODE } from '../../helpers';
import { landedButUnseen, RETRY_ON_FAIL, sim, useRecoveryEnv } from './env';
import { requestsSince, said } from './workflows';
import type { Auth } from '../parity/env';
import { toolCall } from '../../reliability/setsAndSends';

const { envWith } = useRecoveryEnv();

const pro = () => sim().demo.pro;
const marker = () => `ss${Math.random().toString(36).slice(2, 8)}`;
const CONTINUE = { onError: 'continueRegularOutput' } as const;
const CONTINUE_AND_RETRY = { ...CONTINUE, ...RETRY_ON_FAIL } as const;
const BY_ITEM = byId('={{ $json.hash }}');

/** A folder of the demo account holding `names` as files. */
function folderOf(names: string[]) {
	const folder = sim().storage.createFolder(pro().userId, pro().rootFolderHash, marker());
	const files = names.map((name) => sim().storage.addFile(pro().userId, folder.hash, name, Buffer.from(name)));
	return { folder, files };
}

/** Three objects of a kind in a new folder: files, or folders inside it. */
function objectsOf(kind: 'file' | 'folder'): string[] {
	const { folder, files } = folderOf(['a.txt', 'b.txt', 'c.txt']);
	if (kind === 'file') return files.map((file) => file.hash);
	return [1, 2, 3].map((n) => sim().storage.createFolder(pro().userId, folder.hash, `f${n}`).hash);
}

/** The next request of the write is answered as `fault` says, after Svc carried it out. */
const loseAnswer = (match: FaultMatch, fault: FaultKind = { kind: 'dropAfterCommit' }) =>
	sim().faults.add({ match, fault });

const items = (values: IDataObject[]): HarnessInputItem[] => values.map((json) => ({ json }));

async function storageRun(
	auth: Auth,
	parameters: INodeParameters,
	input: IDataObject[],
	recovery: Parameters<typeof envWith>[0],
): Promise<NodeRunResult> {
	return await envWith(recovery).storage(auth, parameters, { input: items(input) });
}

describe('Share for Signing: a send, at most once', () => {
	const share = (input: IDataObject[], recovery: Parameters<typeof envWith>[0]) =>
		storageRun(
			'rest',
			{ resource: 'esignature', operation: 'share', file: BY_ITEM, emails: '={{ $json.email }}' },
			input,
			recovery,
		);
	/** How many signing e-mails each address got for a file (the simulator records every share: `storage.shares`). */
	const mailsTo = (fileHash: string, email: string) =>
		sim()
			.storage.shares.filter((record) => record.fileHash === fileHash)
			.flatMap((record) => record.emails)
			.filter((address) => address === email).length;

	it('Retry On Fail with Continue, item 0 answer lost after Svc sent it: one e-mail per recipient; item 0 "Outcome uncertain" naming what to check', async () => {
		const { files } = folderOf(['a.pdf', 'b.pdf', 'c.pdf']);
		const input = files.map((file, n) => ({ hash: file.hash, email: `r${n}-${marker()}@example.com` }));
		loseAnswer({ action: 'esignature_share' });
		const start = sim().requests.length;
		const result = await share(input, CONTINUE_AND_RETRY);
		expect(result.error).toBeUndefined();
		expect(input.map(({ hash, email }) => mailsTo(hash, email))).toEqual([1, 1, 1]);
		expect(requestsSince(start, { action: 'esignature_share' })).toHaveLength(3);
		expect(result.items.map((item) => said(item.json))).toEqual(['uncertain', 'reconciled', 'reconciled']);
		expect(result.items[0].json.description).toContain(input[0].email);
		expect(result.items[0].json.description).toContain('E-signature → Get Many');
		expect(result.items[1].json).toMatchObject({
			file_hash: input[1].hash,
			sent_emails: input[1].email,
			reconciledWhy: 'an earlier try of this node sent it',
		});
	});

	it('Retry On Fail, item 1 refused once: the retry outputs item 0 from its record and sends each item once', async () => {
		const { files } = folderOf(['a.pdf', 'b.pdf', 'c.pdf']);
		const input = files.map((file, n) => ({ hash: file.hash, email: `r${n}-${marker()}@example.com` }));
		sim().faults.add({
			match: { action: 'esignature_share' },
			fault: { kind: 'statusBeforeCommit', status: 400 },
			skip: 1,
		});
		const result = await share(input, RETRY_ON_FAIL);
		expect(result.error).toBeUndefined();
		expect(input.map(({ hash, email }) => mailsTo(hash, email))).toEqual([1, 1, 1]);
		expect(result.items.map((item) => said(item.json))).toEqual(['reconciled', 'written', 'written']);
		expect(result.items.map((item) => item.json.sent_emails)).toEqual(input.map(({ email }) => email));
	});

	it('Retry execution after item 0 lost its answer: sent again never, "Outcome uncertain" again', async () => {
		const { files } = folderOf(['a.pdf']);
		const input = [{ hash: files[0].hash, email: `r-${marker()}@example.com` }];
		loseAnswer({ action: 'esignature_share' });
		const failed = await share(input, {});
		expect(failed.error?.message).toMatch(/^Outcome uncertain/);
		const retried = await failed.retry();
		expect(retried.error?.message).toMatch(/^Outcome uncertain/);
		expect(mailsTo(input[0].hash, input[0].email)).toBe(1);
	});
});

describe('Delete: a set, done when the object is gone', () => {
	it.each([
		['file', 'delete_file'],
		['folder', 'delete_folder'],
	] as const)(
		'%s, Retry On Fail, item 0 deleted and its answer and reads lost for a try: every item output deleted, none 405',
		async (kind, action) => {
			const hashes = objectsOf(kind);
			landedButUnseen({ action });
			const start = sim().requests.length;
			const result = await storageRun(
				'rest',
				{ resource: kind, operation: 'delete', [kind]: BY_ITEM },
				hashes.map((hash) => ({ hash })),
				RETRY_ON_FAIL,
			);
			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json)).toEqual([
				{
					[`${kind}_hash`]: hashes[0],
					deleted: true,
					reconciled: true,
					reconciledWhy: 'an earlier try of this node wrote it',
				},
				{ [`${kind}_hash`]: hashes[1], deleted: true },
				{ [`${kind}_hash`]: hashes[2], deleted: true },
			]);
			expect(requestsSince(start, { action })).toHaveLength(3);
			const stored = (hash: string) => (kind === 'file' ? sim().storage.getFile(hash) : sim().storage.getFolder(hash));
			expect(hashes.map(stored)).toEqual([undefined, undefined, undefined]);
		},
	);

	it('under Continue, item 0 answer lost: one read settles it (reconciled), nothing deleted twice', async () => {
		const { files } = folderOf(['a.txt', 'b.txt', 'c.txt']);
		loseAnswer({ action: 'delete_file' }, { kind: 'status500AfterCommit' });
		const start = sim().requests.length;
		const result = await storageRun(
			'rest',
			{ resource: 'file', operation: 'delete', file: BY_ITEM },
			files.map((file) => ({ hash: file.hash })),
			CONTINUE,
		);
		expect(result.items.map((item) => said(item.json))).toEqual(['reconciled', 'written', 'written']);
		expect(requestsSince(start, { action: 'delete_file' })).toHaveLength(3);
	});
});

/** A set under Continue with item 0's answer lost after Svc carried it out: its case, over one API. */
interface SetCase {
	name: string;
	auth: Auth;
	match: FaultMatch;
	fault: FaultKind;
	/** The objects, the node's parameters and each item's input; `holds` checks the state asked for. */
	prepare(): { parameters: INodeParameters; input: IDataObject[]; holds(): boolean };
}

const REST_LOST: FaultKind = { kind: 'status500AfterCommit' };
const MCP_LOST: FaultKind = { kind: 'dropAfterCommit' };

function moveCase(auth: Auth, kind: 'file' | 'folder'): SetCase {
	const match = auth === 'rest' ? { action: 'move_file' } : { mcpTool: `svc_move_${kind}` };
	return {
		name: `${auth} ${kind}.move`,
		auth,
		match,
		fault: auth === 'rest' ? REST_LOST : MCP_LOST,
		prepare() {
			const hashes = objectsOf(kind);
			const target = sim().storage.createFolder(pro().userId, pro().rootFolderHash, marker());
			const parameters = { resource: kind, operation: 'move', [kind]: BY_ITEM, targetFolder: byId(target.hash) };
			const parentOf = (hash: string) =>
				kind === 'file' ? sim().storage.getFile(hash)?.folderHash : sim().storage.getFolder(hash)?.parentHash;
			return {
				parameters,
				input: hashes.map((hash) => ({ hash })),
				holds: () => hashes.every((hash) => parentOf(hash) === target.hash),
			};
		},
	};
}

function renameCase(auth: Auth, kind: 'file' | 'folder'): SetCase {
	const match = auth === 'rest' ? { action: `rename_${kind}` } : { mcpTool: `svc_rename_${kind}` };
	return {
		name: `${auth} ${kind}.rename`,
		auth,
		match,
		fault: auth === 'rest' ? REST_LOST : MCP_LOST,
		prepare() {
			const hashes = objectsOf(kind);
			const names = hashes.map((_, n) => `renamed ${n}${kind === 'file' ? '.txt' : ''}`);
			const nameOf = (hash: string) =>
				kind === 'file' ? sim().storage.getFile(hash)?.name : sim().storage.getFolder(hash)?.name;
			return {
				parameters: { resource: kind, operation: 'rename', [kind]: BY_ITEM, newName: '={{ $json.name }}' },
				input: hashes.map((hash, n) => ({ hash, name: names[n] })),
				holds: () => hashes.every((hash, n) => nameOf(hash) === names[n]),
			};
		},
	};
}

function restoreCase(kind: 'file' | 'folder'): SetCase {
	return {
		name: `rest ${kind}.restore`,
		auth: 'rest',
		match: { action: `undelete_${kind}` },
		fault: REST_LOST,
		prepare() {
			const hashes = objectsOf(kind);
			for (const hash of hashes)
				if (kind === 'file') sim().storage.deleteFile(hash);
				else sim().storage.deleteFolder(hash);
			const active = (hash: string) => (kind === 'file' ? sim().storage.getFile(hash) : sim().storage.getFolder(hash));
			return {
				parameters: { resource: kind, operation: 'restore', [`${kind}Hash`]: '={{ $json.hash }}' },
				input: hashes.map((hash) => ({ hash })),
				holds: () => hashes.every((hash) => active(hash) !== undefined),
			};
		},
	};
}

const saveFileKeyCase: SetCase = {
	name: 'rest encryptionKey.saveFileKey',
	auth: 'rest',
	match: { action: 'save_file_encryption_key' },
	fault: REST_LOST,
	prepare() {
		const { files } = folderOf(['a.bin', 'b.bin', 'c.bin']);
		const input = files.map((file, n) => ({ hash: file.hash, key: `wrapped-${n}-${marker()}` }));
		return {
			parameters: {
				resource: 'encryptionKey',
				operation: 'saveFileKey',
				userId: pro().userId,
				fileHash: '={{ $json.hash }}',
				encryptionKey: '={{ $json.key }}',
				keySignature: 'signature',
			},
			input,
			holds: () =>
				input.every(
					({ hash, key }) => sim().encryptionKeys.wrappedKey('file', hash, pro().userId)?.encryptionKey === key,
				),
		};
	},
};

const SET_CASES: SetCase[] = [
	moveCase('rest', 'file'),
	moveCase('mcp', 'file'),
	moveCase('mcp', 'folder'),
	renameCase('rest', 'file'),
	renameCase('rest', 'folder'),
	renameCase('mcp', 'file'),
	renameCase('mcp', 'folder'),
	restoreCase('file'),
	restoreCase('folder'),
	saveFileKeyCase,
];

describe.each(SET_CASES.map((set) => [set.name, set] as const))('%s: a set settled by one read', (_name, set) => {
	it('under Continue, item 0 answer lost after Svc carried it out: reconciled, not "Outcome uncertain", sent once', async () => {
		const { parameters, input, holds } = set.prepare();
		loseAnswer(set.match, set.fault);
		const start = sim().requests.length;
		const result = await storageRun(set.auth, parameters, input, CONTINUE);
		expect(result.items.map((item) => said(item.json))).toEqual(['reconciled', 'written', 'written']);
		expect(requestsSince(start, set.match)).toHaveLength(3);
		expect(holds()).toBe(true);
	});

	it('Retry On Fail, item 0 carried out and its answer and reads lost for a try: the retry reads it, sends nothing again', async () => {
		const { parameters, input, holds } = set.prepare();
		landedButUnseen(set.match);
		const start = sim().requests.length;
		const result = await storageRun(set.auth, parameters, input, RETRY_ON_FAIL);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => said(item.json))).toEqual(['reconciled', 'written', 'written']);
		expect(requestsSince(start, set.match)).toHaveLength(3);
		expect(holds()).toBe(true);
	});
});

describe('a rename Svc would number if sent twice (storage.renameToOwnName: numbered)', () => {
	afterEach(() => (sim().storage.renameToOwnName.rest = 'unchanged'));

	it('Retry On Fail after a lost answer: the file bears the name asked for, not "(1)"', async () => {
		sim().storage.renameToOwnName.rest = 'numbered';
		const { files } = folderOf(['a.txt']);
		landedButUnseen({ action: 'rename_file' });
		const result = await storageRun(
			'rest',
			{ resource: 'file', operation: 'rename', file: BY_ITEM, newName: 'final.txt' },
			[{ hash: files[0].hash }],
			RETRY_ON_FAIL,
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ file_name: 'final.txt', reconciled: true });
		expect(sim().storage.getFile(files[0].hash)?.name).toBe('final.txt');
	});

	it('a name Svc normalizes is read back as the rename done', async () => {
		const { files } = folderOf(['a.txt']);
		loseAnswer({ action: 'rename_file' }, REST_LOST);
		const result = await storageRun(
			'rest',
			{ resource: 'file', operation: 'rename', file: BY_ITEM, newName: '  final:  report.txt ' },
			[{ hash: files[0].hash }],
			CONTINUE,
		);
		expect(result.items[0].json).toMatchObject({ file_name: 'final report.txt', reconciled: true });
	});
});

describe('Svc MCP → Tool → Call', () => {
	const callTool = (tool: string, argumentsJson: string, input: IDataObject[], recovery: object = {}) =>
		runNode({
			type: MCP_NODE,
			parameters: toolCall(tool, argumentsJson),
			credentials: envWith().storageCredentials('mcp'),
			input: items(input),
			...recovery,
		});

	it('svc_create_folder under Retry On Fail, item 0 created and its answer and reads lost for a try: each folder once', async () => {
		const parent = sim().storage.createFolder(pro().userId, pro().rootFolderHash, marker());
		landedButUnseen({ mcpTool: 'svc_create_folder' });
		const names = ['A', 'B', 'C'];
		const result = await callTool(
			'svc_create_folder',
			`={{ JSON.stringify({ parent_folder_hash: "${parent.hash}", folder_name: $json.name }) }}`,
			names.map((name) => ({ name })),
			RETRY_ON_FAIL,
		);
		expect(result.error).toBeUndefined();
		const children = sim().storage.listChildren(parent.hash);
		expect(children.map((child) => child.name).sort()).toEqual(names);
		expect(result.items.map((item) => (item.json.item as IDataObject).name)).toEqual(names);
		expect(result.items.map((item) => item.json.status)).toEqual(['created', 'created', 'created']);
		expect(result.items[0].json.reconciled).toBe(true);
		expect((result.items[0].json.item as IDataObject).hash).toBe(children.find((c) => c.name === 'A')?.hash);
	});

	it('svc_rename_file under Continue, item 0 answer lost: settled by one read', async () => {
		const { files } = folderOf(['a.txt', 'b.txt', 'c.txt']);
		loseAnswer({ mcpTool: 'svc_rename_file' }, MCP_LOST);
		const result = await callTool(
			'svc_rename_file',
			'={{ JSON.stringify({ file_hash: $json.hash, file_name: $json.name }) }}',
			files.map((file, n) => ({ hash: file.hash, name: `r${n}.txt` })),
			CONTINUE,
		);
		expect(result.items.map((item) => said(item.json))).toEqual(['reconciled', 'written', 'written']);
		expect(result.items[0].json).toMatchObject({ status: 'updated', item: { hash: files[0].hash, name: 'r0.txt' } });
	});

	it('svc_upload_file under Retry On Fail, item 0 stored and its answer and reads lost for a try: each file once', async () => {
		const { folder } = folderOf([]);
		landedButUnseen({ mcpTool: 'svc_upload_file' });
		const args = `{ folder_hash: "${folder.hash}", file_name: $json.name, content: "hello " + $json.name, encoding: "utf8" }`;
		const names = ['a.txt', 'b.txt', 'c.txt'];
		const result = await callTool(
			'svc_upload_file',
			`={{ JSON.stringify(${args}) }}`,
			names.map((name) => ({ name })),
			RETRY_ON_FAIL,
		);
		expect(result.error).toBeUndefined();
		const stored = sim().storage.listChildren(folder.hash);
		expect(stored.map((entry) => entry.name).sort()).toEqual(names);
		expect(result.items.map((item) => (item.json.item as IDataObject).name)).toEqual(names);
		expect(result.items[0].json.reconciled).toBe(true);
	});

	it('a tool the node does not map (svc_dvs_add_comment) under Retry On Fail and Continue, item 0 answer lost: never sent twice', async () => {
		const task = sim().dvs.seed.orgA.tasks.design;
		const text = marker();
		loseAnswer({ mcpTool: 'svc_dvs_add_comment' });
		const start = sim().requests.length;
		const result = await runNode({
			type: MCP_NODE,
			parameters: toolCall(
				'svc_dvs_add_comment',
				`={{ JSON.stringify({ dvs_document_id: ${task}, comment: "${text} " + $json.n }) }}`,
			),
			credentials: envWith().dvsCredentials('mcp'),
			input: items([1, 2, 3].map((n) => ({ n }))),
			...CONTINUE_AND_RETRY,
		});
		expect(result.error).toBeUndefined();
		expect(requestsSince(start, { mcpTool: 'svc_dvs_add_comment' })).toHaveLength(3);
		const comments = sim()
			.dvs.store.comments(task)
			.filter((comment) => comment.storedHtml.includes(text));
		expect(comments).toHaveLength(3);
		expect(result.items.map((item) => said(item.json))).toEqual(['uncertain', 'reconciled', 'reconciled']);
		expect(result.items[0].json.description).toMatch(/never|does not send it again/);
	});
});
