/**
 * Where the recovery suites write: a storage folder of the demo PRO user and a task of the DVS demo
 * organization, each either there from the start or given by a path or ID that resolves to nothing
 * until `create()` (so a run fails at its destination), and the service's own ways of refusing a
 * write for certain over MCP (`permission_denied`).
 */
import type { INodeParameters } from 'n8n-workflow';

import type { ServiceSimulator } from '../../../devkit/simulator';
import { matchesFaultMatch, type PredicateFaultSpec } from '../../../devkit/simulator/faults';
import type { FaultMatch } from '../../../devkit/simulator/types';
import type { DvsComment, DvsDocument, DvsValue } from '../../../devkit/simulator/dvs/types';
import { byId } from '../parity/env';
import type { WrittenObject } from './writeKinds';

const suffix = () => Math.random().toString(36).slice(2, 8);

/** Whether a stored name carries the marker: itself, numbered (`x (1)`), or with an extension. */
export const carries = (name: string, marker: string) =>
	name === marker || name.startsWith(`${marker} (`) || name.startsWith(`${marker}.`) || name.startsWith(`${marker} `);

export interface StoragePlace {
	/** The folder as the node's parameter gives it: its hash, or (missing) its path from ROOT. */
	reference: INodeParameters;
	hash(): string | undefined;
	/** Entries of the folder carrying the marker. */
	objects(marker: string): WrittenObject[];
	remove(id: string): void;
	/** Marks the folder end-to-end encrypted: the MCP endpoint refuses writes into it (`permission_denied`). */
	encrypt(): () => void;
	create(): void;
}

/** The entries of a storage folder carrying a marker, as written objects. */
export function entriesOf(sim: ServiceSimulator, folderHash: string | undefined, marker: string): WrittenObject[] {
	if (!folderHash) return [];
	return sim.storage
		.listChildren(folderHash)
		.filter((entry) => carries(entry.name, marker))
		.map((entry) => ({
			id: entry.hash,
			name: entry.name,
			...(entry.type === 'file' ? { content: entry.content.toString() } : {}),
		}));
}

export function storagePlace(mode: 'existing' | 'missing') {
	return (sim: ServiceSimulator): StoragePlace => {
		const pro = sim.demo.pro;
		const name = `recovery-${suffix()}`;
		const make = () => sim.storage.createFolder(pro.userId, pro.rootFolderHash, name).hash;
		let hash = mode === 'existing' ? make() : undefined;
		const folder = () => {
			if (!hash) throw new Error(`the folder /${name} does not exist yet`);
			return hash;
		};
		return {
			reference: byId(hash ?? `/${name}`),
			hash: () => hash,
			objects: (marker) => entriesOf(sim, hash, marker),
			remove: (id) => void (sim.storage.getFolder(id) ? sim.storage.deleteFolder(id) : sim.storage.deleteFile(id)),
			encrypt: () => {
				sim.storage.setFolderEncrypted(folder());
				return () => sim.storage.setFolderEncrypted(folder(), false);
			},
			create: () => {
				hash ??= make();
			},
		};
	};
}

export interface DvsPlace {
	/** The task as the node's parameter gives it: its ID (missing: an ID no task has until `create()`). */
	reference: INodeParameters;
	document(): DvsDocument | undefined;
	comments(): DvsComment[];
	/** Files in the task's attachment folder carrying the marker. */
	attachments(marker: string): WrittenObject[];
	create(): void;
}

function highestDocumentId(sim: ServiceSimulator): number {
	const sections = ['task', 'project_2', 'client', 'contact_person'] as const;
	const ids = sim.dvs.store
		.organizations()
		.flatMap((org) => sections.flatMap((section) => sim.dvs.store.documents(org.id, section).map((doc) => doc.id)));
	return Math.max(0, ...ids);
}

/** A task of the demo organization under the given ID, with every field at its default (as insertTask fills them). */
function newTask(sim: ServiceSimulator, id: number, name: string): void {
	const a = sim.dvs.seed.orgA;
	const values: Record<string, DvsValue> = {};
	for (const field of sim.dvs.store.fieldsOf(a.orgId, 'task'))
		values[field.name] = field.default ?? (field.type.endsWith('_ids') ? [] : null);
	Object.assign(values, { name, dvs_project_id: a.projects.website });
	sim.dvs.store.insertDocument(a.orgId, 'task', { id, values, creatorId: a.users.admin.id });
}

export function dvsPlace(which: 'attached' | 'design' | 'missing') {
	return (sim: ServiceSimulator): DvsPlace => {
		const a = sim.dvs.seed.orgA;
		const known = which === 'attached' ? a.attachedTask.taskId : which === 'design' ? a.tasks.design : undefined;
		// An ID well above every document's (the store numbers documents upwards): the task created later gets it.
		const id = known ?? highestDocumentId(sim) + 10_000;
		const document = () => sim.dvs.store.documentById(id);
		return {
			reference: byId(id),
			document,
			comments: () => sim.dvs.store.comments(id),
			attachments: (marker) => entriesOf(sim, document()?.uploadHash, marker),
			create: () => {
				if (!document()) newTask(sim, id, `recovery-task-${suffix()}`);
			},
		};
	};
}

/** Which requests a fault hits: as a FaultMatch gives them, or a predicate (`writeOf`). */
export type RequestMatch = PredicateFaultSpec['match'];

/**
 * The write of the item that carries `marker` (in the request's body: its name, file name or text), whichever
 * order the node's items are sent in (a write's items go at once).
 */
export function writeOf(match: FaultMatch, marker: string): RequestMatch {
	return (req, target) => matchesFaultMatch(match, req, target) && req.body.includes(marker);
}

/**
 * The next write into the DVS over MCP is refused for certain by the service's own rule: as its
 * request arrives, the account loses its write right on every register (reads before it worked), so
 * the endpoint answers `permission_denied`. Returns what gives the right back.
 */
export function refusedByDvsRights(sim: ServiceSimulator, accountId: number, match: RequestMatch): () => void {
	const account = sim.accounts.get(accountId);
	if (!account) throw new Error(`no account ${accountId}`);
	const sections = account.dvsWriteSections;
	let taken = false;
	const fault = sim.faults.add({
		match: (req, target) => {
			if (!taken && match(req, target)) {
				taken = true;
				account.dvsWriteSections = [];
			}
			return false;
		},
		fault: { kind: 'delay', ms: 0 },
	});
	return () => {
		fault.timesRemaining = 0;
		account.dvsWriteSections = sections;
	};
}
