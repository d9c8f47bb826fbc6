/**
 * Every write kind of test/reliability/operations.ts `WRITE_OPERATIONS`, as a node of a workflow whose
 * items say what to write: the item `{ name }` (and its file) is written under that marker, so items
 * of one run, of a loop's batches or of two branches can be identical or not. Each kind prepares its
 * own destination and says which objects carrying a marker the service holds now.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { CredentialsMap, HarnessInputItem, HarnessNode } from '../../../devkit/harness';
import type { ServiceSimulator } from '../../../devkit/simulator';
import type { FaultMatch } from '../../../devkit/simulator/types';
import { WRITE_OPERATIONS } from '../../reliability/operations';
import { authentication, byId, parityEnvOf, type Auth } from '../parity/env';
import { fieldsParameter } from '../SvcDvs/env';
import { DVS_NODE, STORAGE_NODE } from '../../helpers';
import {
	dvsPlace,
	refusedByDvsRights,
	storagePlace,
	writeOf,
	type DvsPlace,
	type RequestMatch,
	type StoragePlace,
} from './places';

/** One object a write made, as the service holds it now. */
export interface WrittenObject {
	/** Its hash (storage) or ID (DVS), as the node outputs it. */
	id: string;
	name: string;
	/** A file's bytes or a document's edited field, as text. */
	content?: string;
}

export interface Destination {
	/**
	 * The node, named `name`, writing each item's marker; `parameters` beside (or instead of) the kind's
	 * own; `marker` the expression that gives the marker (default `$json.name`).
	 */
	node(name: string, parameters?: INodeParameters, marker?: string): HarnessNode;
	credentials: CredentialsMap;
	/** The item whose write carries `marker` (a file kind: `<marker>.txt` holding `content`). */
	item(marker: string, content?: string): HarnessInputItem;
	/** Objects carrying `marker` (an update: the task, while its name starts with the marker). */
	objects(marker: string): WrittenObject[];
	/** Deletes an object the write made (undefined: the simulator's store cannot delete this kind). */
	remove?(id: string): void;
	/** Renames an object the write made, as its owner would elsewhere (undefined: this kind has no name to change). */
	rename?(id: string, name: string): void;
	/**
	 * Makes the service refuse the write of the item carrying `marker` for certain (REST: a 400 before writing;
	 * MCP: `permission_denied` — storage refuses every write into the folder, the DVS every write from that one
	 * on); returns what ends the refusal.
	 */
	refuse(marker: string): () => void;
	/** A change of the node's parameters that changes what is written, and how the new object shows it. */
	edit: { parameters: INodeParameters; shows(object: WrittenObject, marker: string): boolean };
	/** The storage folder written into (storage writes only). */
	folder?(): string | undefined;
	/** Brings a destination given by a reference that resolves to nothing yet into being (`prepareMissing`). */
	create(): void;
}

export interface WriteKind {
	/** As in WRITE_OPERATIONS: `rest folder.create`… */
	name: string;
	auth: Auth;
	/** Requests that carry the write. */
	match: FaultMatch;
	/**
	 * How the service takes a second write of what exists: `twice` (a second object; a storage name is
	 * numbered), `nameConflict` (MCP storage and attachments refuse a taken name), `update` (applied again).
	 */
	repeat: 'twice' | 'nameConflict' | 'update';
	/** The item carries a file. */
	file: boolean;
	prepare(sim: ServiceSimulator): Destination;
	/**
	 * The destination given by a path or name that resolves to nothing until `create()`: the node fails
	 * before any write (a lookup error). Undefined for writes whose destination is not looked up.
	 */
	prepareMissing?(sim: ServiceSimulator): Destination;
}

/** The expression that gives each item's marker. */
export const MARKER = '$json.name';

function textItem(marker: string, content = `content of ${marker}`): HarnessInputItem {
	return {
		json: { name: marker },
		binary: { data: { data: Buffer.from(content), fileName: `${marker}.txt`, mimeType: 'text/plain' } },
	};
}

const nameOf = (marker: string) => ({ json: { name: marker } });

type Parameters = (marker: string) => INodeParameters;

function nodeOf(
	type: string,
	auth: Auth,
	rest: 'svcStorageApi' | 'svcDvsApi',
	parameters: Parameters,
): Destination['node'] {
	return (name, extra = {}, marker = MARKER) => ({
		name,
		type,
		parameters: { authentication: authentication(auth, rest), ...parameters(marker), ...extra },
	});
}

const storageNode = (auth: Auth, parameters: Parameters) => nodeOf(STORAGE_NODE, auth, 'svcStorageApi', parameters);
const dvsNode = (auth: Auth, parameters: Parameters) => nodeOf(DVS_NODE, auth, 'svcDvsApi', parameters);

function credentialsOf(sim: ServiceSimulator, auth: Auth, service: 'storage' | 'dvs') {
	const env = parityEnvOf(() => sim);
	return service === 'storage' ? env.storageCredentials(auth) : env.dvsCredentials(auth);
}

/** What every kind over a storage folder shares: its objects, deleting them, the refusal, the folder's creation. */
function overFolder(sim: ServiceSimulator, auth: Auth, place: StoragePlace, match: FaultMatch) {
	return {
		folder: place.hash,
		objects: place.objects,
		remove: place.remove,
		rename: (id: string, name: string) =>
			void (sim.storage.getFolder(id) ? sim.storage.renameFolder(id, name) : sim.storage.renameFile(id, name)),
		create: place.create,
		credentials: credentialsOf(sim, auth, 'storage'),
		refuse: (marker: string) => (auth === 'rest' ? refusedOnce(sim, writeOf(match, marker)) : place.encrypt()),
	};
}

function refusedOnce(sim: ServiceSimulator, match: RequestMatch): () => void {
	const fault = sim.faults.add({ match, fault: { kind: 'statusBeforeCommit', status: 400 } });
	return () => {
		fault.timesRemaining = 0;
	};
}

const FOLDER_MATCH = { rest: { action: 'create_folder' }, mcp: { mcpTool: 'svc_create_folder' } };
const UPLOAD_MATCH = { rest: { action: 'upload_file' }, mcp: { mcpTool: 'svc_upload_file' } };

function folderCreate(auth: Auth, place: (sim: ServiceSimulator) => StoragePlace) {
	return (sim: ServiceSimulator): Destination => {
		const folder = place(sim);
		const node = storageNode(auth, (m) => ({
			resource: 'folder',
			operation: 'create',
			parentFolder: folder.reference,
			folderName: `={{ ${m} }}`,
		}));
		const edit: Destination['edit'] =
			auth === 'rest'
				? {
						parameters: { accessType: 'LINK' },
						shows: (object) => sim.storage.getFolder(object.id)?.accessType === 'LINK',
					}
				: { parameters: { folderName: '={{ $json.name + " v2" }}' }, shows: (o, m) => o.name === `${m} v2` };
		return { node, item: nameOf, edit, ...overFolder(sim, auth, folder, FOLDER_MATCH[auth]) };
	};
}

function fileUpload(auth: Auth, place: (sim: ServiceSimulator) => StoragePlace) {
	return (sim: ServiceSimulator): Destination => {
		const folder = place(sim);
		const node = storageNode(auth, (m) => ({
			resource: 'file',
			operation: 'upload',
			folder: folder.reference,
			binaryPropertyName: 'data',
			options: { fileName: `={{ ${m} + ".txt" }}` },
		}));
		const edit: Destination['edit'] = {
			parameters: { options: { fileName: '={{ $json.name + " v2.txt" }}' } },
			shows: (object, marker) => object.name === `${marker} v2.txt`,
		};
		return { node, item: textItem, edit, ...overFolder(sim, auth, folder, UPLOAD_MATCH[auth]) };
	};
}

function fileImport(place: (sim: ServiceSimulator) => StoragePlace) {
	return (sim: ServiceSimulator): Destination => {
		const folder = place(sim);
		const node = storageNode('mcp', (m) => ({
			resource: 'file',
			operation: 'importFromUrl',
			folder: folder.reference,
			source: 'url',
			sourceUrl: `={{ "https://files.example.com/" + ${m} + ".pdf" }}`,
			fileName: `={{ ${m} + ".pdf" }}`,
		}));
		const edit: Destination['edit'] = {
			parameters: { fileName: '={{ $json.name + " v2.pdf" }}' },
			shows: (object, marker) => object.name === `${marker} v2.pdf`,
		};
		return { node, item: nameOf, edit, ...overFolder(sim, 'mcp', folder, { mcpTool: 'svc_import_file' }) };
	};
}

const DVS_MATCH = {
	create: { rest: { action: 'create_document' }, mcp: { mcpTool: 'svc_dvs_create_task' } },
	update: { rest: { action: 'update_document' }, mcp: { mcpTool: 'svc_dvs_update_task' } },
	comment: { rest: { action: 'add_comment' }, mcp: { mcpTool: 'svc_dvs_add_comment' } },
	attachment: { rest: { action: 'upload_document_file' }, mcp: { mcpTool: 'svc_dvs_upload_file' } },
};

/** What every DVS kind shares: its credentials (the org's admin), the refusal, the task's creation. */
function overDvs(sim: ServiceSimulator, auth: Auth, match: FaultMatch, task?: DvsPlace) {
	const admin = sim.dvs.seed.orgA.users.admin;
	return {
		credentials: credentialsOf(sim, auth, 'dvs'),
		refuse: (marker: string) =>
			auth === 'rest'
				? refusedOnce(sim, writeOf(match, marker))
				: refusedByDvsRights(sim, admin.id, writeOf(match, marker)),
		create: () => task?.create(),
	};
}

function taskCreate(auth: Auth) {
	return (sim: ServiceSimulator): Destination => {
		const a = sim.dvs.seed.orgA;
		const fields = { name: '={{ $json.name }}', followers: `${a.users.worker.id}` };
		const parameters = { resource: 'task', operation: 'create', project: byId(a.projects.website) };
		const node = dvsNode(auth, (m) => ({
			...parameters,
			fields: fieldsParameter({ ...fields, name: `={{ ${m} }}` }),
		}));
		const objects = (marker: string) =>
			sim.dvs.store
				.documents(a.orgId, 'task')
				.filter((task) => task.values.name === marker)
				.map((task) => ({ id: String(task.id), name: marker, content: String(task.values.description ?? '') }));
		const edit: Destination['edit'] = {
			parameters: { fields: fieldsParameter({ ...fields, description: 'Added after the failed run' }) },
			shows: (object) => object.content === 'Added after the failed run',
		};
		return { node, item: nameOf, objects, edit, ...overDvs(sim, auth, DVS_MATCH.create[auth]) };
	};
}

function taskUpdate(auth: Auth, place: (sim: ServiceSimulator) => DvsPlace) {
	return (sim: ServiceSimulator): Destination => {
		const task = place(sim);
		const parameters = { resource: 'task', operation: 'update', documentId: task.reference };
		const node = dvsNode(auth, (m) => ({ ...parameters, fields: fieldsParameter({ name: `={{ ${m} }}` }) }));
		const objects = (marker: string) => {
			const found = task.document();
			return found && String(found.values.name).startsWith(marker) ? [{ id: String(found.id), name: marker }] : [];
		};
		const edit: Destination['edit'] = {
			parameters: { fields: fieldsParameter({ name: '={{ $json.name + " v2" }}' }) },
			shows: () => String(task.document()?.values.name).endsWith(' v2'),
		};
		return { node, item: nameOf, objects, edit, ...overDvs(sim, auth, DVS_MATCH.update[auth], task) };
	};
}

function commentAdd(auth: Auth, place: (sim: ServiceSimulator) => DvsPlace) {
	return (sim: ServiceSimulator): Destination => {
		const task = place(sim);
		const node = dvsNode(auth, (m) => ({
			resource: 'comment',
			operation: 'add',
			task: task.reference,
			comment: `={{ "Note " + ${m} }}`,
		}));
		const objects = (marker: string) =>
			task
				.comments()
				.filter((comment) => comment.storedHtml.includes(marker))
				.map((comment) => ({ id: String(comment.id), name: marker, content: comment.storedHtml }));
		const edit: Destination['edit'] = {
			parameters: { comment: '={{ "Notes " + $json.name }}' },
			shows: (object) => object.content?.includes('Notes ') === true,
		};
		const remove = (id: string) => sim.dvs.store.deleteComment(Number(id));
		return { node, item: nameOf, objects, remove, edit, ...overDvs(sim, auth, DVS_MATCH.comment[auth], task) };
	};
}

function attachmentUpload(auth: Auth, place: (sim: ServiceSimulator) => DvsPlace) {
	return (sim: ServiceSimulator): Destination => {
		const task = place(sim);
		const node = dvsNode(auth, (m) => ({
			resource: 'attachment',
			operation: 'upload',
			task: task.reference,
			binaryPropertyName: 'data',
			options: { fileName: `={{ ${m} + ".txt" }}` },
		}));
		const edit: Destination['edit'] = {
			parameters: { options: { fileName: '={{ $json.name + " v2.txt" }}' } },
			shows: (object, marker) => object.name === `${marker} v2.txt`,
		};
		const remove = (id: string) => void sim.storage.deleteFile(id);
		const rename = (id: string, name: string) => void sim.storage.renameFile(id, name);
		const objects = task.attachments;
		const over = overDvs(sim, auth, DVS_MATCH.attachment[auth], task);
		return { node, item: textItem, objects, remove, rename, edit, ...over };
	};
}

function contactCreate() {
	return (sim: ServiceSimulator): Destination => {
		const a = sim.dvs.seed.orgA;
		const fields = { name: '={{ $json.name }}', email: 'recovery@example.com' };
		const node = dvsNode('rest', (m) => ({
			resource: 'contactPerson',
			operation: 'create',
			fields: fieldsParameter({ ...fields, name: `={{ ${m} }}` }),
		}));
		const objects = (marker: string) =>
			sim.dvs.store
				.documents(a.orgId, 'contact_person')
				.filter((doc) => doc.values.name === marker)
				.map((doc) => ({ id: String(doc.id), name: marker, content: String(doc.values.email) }));
		const edit: Destination['edit'] = {
			parameters: { fields: fieldsParameter({ ...fields, email: 'recovery.fixed@example.com' }) },
			shows: (object) => object.content === 'recovery.fixed@example.com',
		};
		const credentials = parityEnvOf(() => sim).dvsCredentials('rest', a.users.contacts);
		const refuse = (marker: string) => refusedOnce(sim, writeOf({ action: 'create_document' }, marker));
		return { node, item: nameOf, objects, edit, credentials, refuse, create: () => undefined };
	};
}

const [folder, missingFolder] = [storagePlace('existing'), storagePlace('missing')];
const [seededTask, designTask, missingTask] = [dvsPlace('attached'), dvsPlace('design'), dvsPlace('missing')];

type Entry = Pick<WriteKind, 'prepare' | 'prepareMissing' | 'repeat' | 'file'>;

const KINDS: Record<string, Entry> = {
	'rest folder.create': {
		prepare: folderCreate('rest', folder),
		prepareMissing: folderCreate('rest', missingFolder),
		repeat: 'twice',
		file: false,
	},
	'mcp folder.create': {
		prepare: folderCreate('mcp', folder),
		prepareMissing: folderCreate('mcp', missingFolder),
		repeat: 'nameConflict',
		file: false,
	},
	'rest file.upload': {
		prepare: fileUpload('rest', folder),
		prepareMissing: fileUpload('rest', missingFolder),
		repeat: 'twice',
		file: true,
	},
	'mcp file.upload': {
		prepare: fileUpload('mcp', folder),
		prepareMissing: fileUpload('mcp', missingFolder),
		repeat: 'nameConflict',
		file: true,
	},
	'mcp file.import': {
		prepare: fileImport(folder),
		prepareMissing: fileImport(missingFolder),
		repeat: 'nameConflict',
		file: false,
	},
	'rest task.create': { prepare: taskCreate('rest'), repeat: 'twice', file: false },
	'mcp task.create': { prepare: taskCreate('mcp'), repeat: 'twice', file: false },
	'rest task.update': {
		prepare: taskUpdate('rest', seededTask),
		prepareMissing: taskUpdate('rest', missingTask),
		repeat: 'update',
		file: false,
	},
	'mcp task.update': {
		prepare: taskUpdate('mcp', seededTask),
		prepareMissing: taskUpdate('mcp', missingTask),
		repeat: 'update',
		file: false,
	},
	'rest comment.add': {
		prepare: commentAdd('rest', designTask),
		prepareMissing: commentAdd('rest', missingTask),
		repeat: 'twice',
		file: false,
	},
	'mcp comment.add': {
		prepare: commentAdd('mcp', designTask),
		prepareMissing: commentAdd('mcp', missingTask),
		repeat: 'twice',
		file: false,
	},
	'rest attachment.upload': {
		prepare: attachmentUpload('rest', seededTask),
		prepareMissing: attachmentUpload('rest', missingTask),
		repeat: 'twice',
		file: true,
	},
	'mcp attachment.upload': {
		prepare: attachmentUpload('mcp', seededTask),
		prepareMissing: attachmentUpload('mcp', missingTask),
		repeat: 'nameConflict',
		file: true,
	},
	'rest contact.create': { prepare: contactCreate(), repeat: 'twice', file: false },
};

/** Every entry of WRITE_OPERATIONS, in its order; an entry this table lacks fails here, by name. */
export const WRITE_KINDS: WriteKind[] = WRITE_OPERATIONS.map(({ name, auth, match }) => {
	const kind = KINDS[name];
	if (!kind) throw new Error(`No recovery workflow for the write operation "${name}": add it to writeKinds.ts`);
	return { name, auth, match, ...kind };
});

/** The write kinds as `[name, kind]` rows for describe.each. */
export const kindRows = (kinds: WriteKind[] = WRITE_KINDS) => kinds.map((kind) => [kind.name, kind] as const);

/** The write kind of that WRITE_OPERATIONS name. */
export const kindNamed = (name: string): WriteKind => WRITE_KINDS.find((kind) => kind.name === name) as WriteKind;
