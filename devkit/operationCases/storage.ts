/** The Svc Storage node's operations, each once (operationCases.ts). */
import type { INodeParameters } from 'n8n-workflow';

import { DEMO_IMPORT_URL } from '../demo';
import { byId } from '../harness';
import type { MarkedRun, OperationCase, OtherWriter, TheirContent } from '../operationCases';
import type { ServiceSimulator } from '../simulator';
import type { BadAnswerBody } from '../simulator/types';
import { carrying, fresh, locatorValue, placeIn, textFile } from './places';

/** Document 1: move_file, delete_file and the undeletes answer "with no documented data", delete_folder a status. */
const NO_DOCUMENTED_DATA: BadAnswerBody[] = ['empty', 'emptyObject', 'zeroId'];

/**
 * Document 1: the save operations answer "a success result", whose fields it does not show ("Fields of …
 * success result objects: not shown beyond those listed"): any object that does not say it failed.
 */
const SUCCESS_RESULT: BadAnswerBody[] = ['emptyObject', 'zeroId'];

const storageCase = (c: Omit<OperationCase, 'node'>): OperationCase => ({ node: 'SvcStorage', ...c });

/** Both APIs' names of one storage action. */
const both = (action: string, documented?: BadAnswerBody[]) => ({
	rest: { action, ...(documented ? { documented } : {}) },
	mcp: { tool: `svc_${action}` },
});

/** A file of its own, in a folder of its own. */
function ownFile(sim: ServiceSimulator, label: string, name = 'schema.txt') {
	const place = placeIn(sim, label);
	return sim.storage.addFile(sim.demo.pro.userId, place.hash, name, Buffer.from(`content of ${name}`));
}

/** A wrapped key the demo account saved for a hash of its own. */
function savedKey(sim: ServiceSimulator, target: 'file' | 'upload'): string {
	const hash = `${target}-key-${fresh()}`;
	const key = { userId: sim.demo.pro.userId, encryptionKey: 'wrapped', keySignature: 'signature' };
	sim.encryptionKeys.saveWrappedKey(target, hash, { ...key, savedAt: Math.floor(Date.now() / 1000) });
	return hash;
}

const accountOf = (sim: ServiceSimulator, writer: OtherWriter) =>
	writer === 'another account' ? sim.demo.free.userId : sim.demo.pro.userId;

/** Other content of the same size: the text with its letters' case swapped. */
export function otherBytes(content: string): string {
	return content.replace(/[a-z]/gi, (letter) =>
		letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase(),
	);
}

/** A folder of the marker's name made by another writer: empty, or holding a file (other content). */
function theirFolder(
	sim: ServiceSimulator,
	writer: OtherWriter,
	parentHash: string,
	name: string,
	holding: TheirContent,
) {
	const made = sim.storage.createFolder(accountOf(sim, writer), parentHash, name);
	if (holding === 'other content')
		sim.storage.addFile(accountOf(sim, writer), made.hash, 'theirs.txt', Buffer.from('theirs'));
	return made;
}

/** A write making files of the marker's name in a folder of its own; theirs of the same name, and its bytes or others. */
function filesInto(
	sim: ServiceSimulator,
	label: string,
	file: (marker: string) => { name: string; content: string },
	parameters: (folderHash: string, marker: string) => INodeParameters,
	withInput: boolean,
): MarkedRun {
	const folder = placeIn(sim, label);
	return {
		parameters: (marker) => parameters(folder.hash, marker),
		...(withInput ? { input: (marker: string) => textFile(file(marker).name, file(marker).content) } : {}),
		count: (marker) => carrying(sim, folder.hash, 'file', marker),
		theirs(marker, writer, secondsAgo, holding) {
			const { name, content } = file(marker);
			const bytes = Buffer.from(holding === 'other content' ? otherBytes(content) : content);
			const made = sim.storage.addFile(accountOf(sim, writer), folder.hash, name, bytes);
			(made as { uploadedAt: number }).uploadedAt -= secondsAgo;
			return made.hash;
		},
	};
}

export const STORAGE_CASES: OperationCase[] = [
	storageCase({
		resource: 'account',
		operation: 'getStorageUsage',
		parameters: () => ({}),
		answers: { rest: { action: 'get_storage_data' } },
	}),
	storageCase({
		resource: 'account',
		operation: 'getUserData',
		parameters: () => ({}),
		answers: { rest: { action: 'authenticate_user' } },
	}),
	// validate_session's `Success: false` is an answer (the session is not valid), not a bad one.
	storageCase({
		resource: 'account',
		operation: 'validateSession',
		session: true,
		parameters: () => ({}),
		answers: {},
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'saveUserKeys',
		parameters: (sim) => ({
			userId: sim.demo.pro.userId,
			kem: 'kem',
			dsa: 'dsa',
			x25519: 'x25519',
			ed25519: 'ed25519',
		}),
		answers: { rest: { action: 'save_user_encryption_keys', documented: SUCCESS_RESULT } },
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'saveFileKey',
		parameters: (sim) => ({
			userId: sim.demo.pro.userId,
			fileHash: ownFile(sim, 'key').hash,
			encryptionKey: 'wrapped',
			keySignature: 'signature',
		}),
		answers: { rest: { action: 'save_file_encryption_key', documented: SUCCESS_RESULT } },
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'getFileKey',
		parameters: (sim) => ({ userId: sim.demo.pro.userId, fileHash: savedKey(sim, 'file') }),
		answers: { rest: { action: 'get_file_encryption_key' } },
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'saveUploadKey',
		parameters: (sim) => ({
			userId: sim.demo.pro.userId,
			uploadHash: `upload-${fresh()}`,
			encryptionKey: 'wrapped',
			keySignature: 'signature',
		}),
		answers: { rest: { action: 'save_upload_encryption_key', documented: SUCCESS_RESULT } },
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'getUploadKey',
		parameters: (sim) => ({ userId: sim.demo.pro.userId, uploadHash: savedKey(sim, 'upload') }),
		answers: { rest: { action: 'get_upload_encryption_key' } },
	}),
	storageCase({
		resource: 'encryptionKey',
		operation: 'getShareKey',
		parameters: (sim) => ({
			userId: sim.demo.pro.userId,
			receiverEmail: sim.demo.keys.email,
			keyOf: 'file',
			fileHash: savedKey(sim, 'file'),
		}),
		answers: { rest: { action: 'get_share_encryption_key' } },
	}),
	storageCase({
		resource: 'esignature',
		operation: 'getMany',
		parameters: (sim) => ({ file: byId(sim.demo.files.contract.hash), returnAll: true }),
		answers: { rest: { action: 'get_esignatures', documented: ['emptyArray', 'emptyObject'] } },
	}),
	storageCase({
		resource: 'esignature',
		operation: 'share',
		parameters: (sim) => ({ file: byId(sim.demo.files.contract.hash), emails: 'signer@example.com' }),
		answers: { rest: { action: 'esignature_share' } },
	}),
	storageCase({
		resource: 'folder',
		operation: 'create',
		parameters: (sim) => ({ parentFolder: byId(placeIn(sim, 'create').hash), folderName: 'Schema folder' }),
		answers: both('create_folder'),
		marked(sim) {
			const parent = placeIn(sim, 'chaos-folders');
			return {
				parameters: (marker) => ({ parentFolder: byId(parent.hash), folderName: marker }),
				count: (marker) => carrying(sim, parent.hash, 'folder', marker),
				theirs(marker, writer, secondsAgo, holding) {
					const made = theirFolder(sim, writer, parent.hash, marker, holding);
					(made as { createdAt: number }).createdAt -= secondsAgo;
					return made.hash;
				},
			};
		},
	}),
	storageCase({
		resource: 'folder',
		operation: 'getContent',
		parameters(sim) {
			const place = placeIn(sim, 'content');
			sim.storage.createFolder(sim.demo.pro.userId, place.hash, 'Schema folder');
			sim.storage.addFile(sim.demo.pro.userId, place.hash, 'schema.txt', Buffer.from('content of schema.txt'));
			return { folder: byId(place.hash), returnAll: true };
		},
		// A folder and a file: the listing gives both kinds of entry.
		answers: { rest: { action: 'get_folder_content', documented: ['emptyArray'] }, mcp: { tool: 'svc_list_folder' } },
	}),
	storageCase({
		resource: 'folder',
		operation: 'getInfo',
		parameters: (sim) => ({ folder: byId(sim.demo.folders.documents.hash) }),
		answers: both('get_folder_info'),
	}),
	storageCase({
		resource: 'folder',
		operation: 'rename',
		parameters: (sim) => ({ folder: byId(placeIn(sim, 'rename').hash), newName: 'Schema folder renamed' }),
		answers: both('rename_folder'),
	}),
	storageCase({
		resource: 'folder',
		operation: 'move',
		api: 'mcp',
		parameters: (sim) => ({ folder: byId(placeIn(sim, 'move').hash), targetFolder: byId(placeIn(sim, 'to').hash) }),
		answers: { mcp: { tool: 'svc_move_folder' } },
	}),
	storageCase({
		resource: 'folder',
		operation: 'delete',
		parameters: (sim) => ({ folder: byId(placeIn(sim, 'delete').hash) }),
		answers: { rest: { action: 'delete_folder', documented: NO_DOCUMENTED_DATA } },
	}),
	storageCase({
		resource: 'folder',
		operation: 'restore',
		parameters: (sim) => ({ folderHash: sim.storage.deleteFolder(placeIn(sim, 'restore').hash).hash }),
		answers: { rest: { action: 'undelete_folder', documented: NO_DOCUMENTED_DATA } },
	}),
	storageCase({
		resource: 'file',
		operation: 'upload',
		parameters: (sim) => ({ folder: byId(placeIn(sim, 'upload').hash), binaryPropertyName: 'data' }),
		input: () => textFile('schema.txt'),
		answers: both('upload_file'),
		marked: (sim) =>
			filesInto(
				sim,
				'chaos-files',
				(marker) => ({ name: `${marker}.txt`, content: `content of ${marker}` }),
				(folderHash) => ({ folder: byId(folderHash), binaryPropertyName: 'data' }),
				true,
			),
	}),
	storageCase({
		resource: 'file',
		operation: 'getInfo',
		parameters: (sim) => ({ file: byId(sim.demo.files.contract.hash) }),
		answers: both('get_file_info'),
	}),
	// download_file's answer is the file: there is no answer shape to check over REST.
	storageCase({
		resource: 'file',
		operation: 'download',
		parameters: (sim) => ({ file: byId(sim.demo.files.brochure.hash), binaryPropertyName: 'data' }),
		answers: { mcp: { tool: 'svc_read_file' } },
	}),
	storageCase({
		resource: 'file',
		operation: 'rename',
		parameters: (sim) => ({ file: byId(ownFile(sim, 'rename').hash), newName: 'schema renamed.txt' }),
		answers: both('rename_file'),
	}),
	storageCase({
		resource: 'file',
		operation: 'delete',
		parameters: (sim) => ({ file: byId(ownFile(sim, 'delete').hash) }),
		answers: { rest: { action: 'delete_file', documented: NO_DOCUMENTED_DATA } },
	}),
	storageCase({
		resource: 'file',
		operation: 'restore',
		parameters: (sim) => ({ fileHash: sim.storage.deleteFile(ownFile(sim, 'restore').hash).hash }),
		answers: { rest: { action: 'undelete_file', documented: NO_DOCUMENTED_DATA } },
	}),
	storageCase({
		resource: 'file',
		operation: 'search',
		api: 'mcp',
		parameters: () => ({ query: 'contract', limit: 5 }),
		answers: { mcp: { tool: 'svc_search_files' } },
	}),
	// The simulator's import source answers every URL under files.example.com.
	storageCase({
		resource: 'file',
		operation: 'importFromUrl',
		api: 'mcp',
		label: 'file.import',
		parameters: (sim) => ({ folder: byId(placeIn(sim, 'import').hash), source: 'url', sourceUrl: DEMO_IMPORT_URL }),
		answers: { mcp: { tool: 'svc_import_file' } },
		marked: (sim) =>
			filesInto(
				sim,
				'chaos-imports',
				(marker) => ({ name: `${marker}.pdf`, content: `%PDF-1.4 ${marker}` }),
				(folderHash, marker) => ({
					folder: byId(folderHash),
					source: 'url',
					sourceUrl: `https://files.example.com/${marker}.pdf`,
					fileName: `${marker}.pdf`,
				}),
				false,
			),
	}),
	storageCase({
		resource: 'file',
		operation: 'move',
		parameters(sim) {
			const place = placeIn(sim, 'move');
			const file = sim.storage.addFile(sim.demo.pro.userId, place.hash, 'to-move.txt', Buffer.from('move me'));
			const target = sim.storage.createFolder(sim.demo.pro.userId, place.hash, 'archive');
			return { file: byId(file.hash), targetFolder: byId(target.hash) };
		},
		answers: both('move_file', NO_DOCUMENTED_DATA),
		// Document 1, move_file: "parameters file_hash, folder_hash (target folder)"; document 2, svc_move_file:
		// "file_hash, target_folder_hash".
		check(sim, output, parameters) {
			const [file, target] = [locatorValue(parameters.file), locatorValue(parameters.targetFolder)];
			if (output.file_hash !== file || output.folder_hash !== target) return `output ${JSON.stringify(output)}`;
			return sim.storage.getFile(file)?.folderHash === target ? undefined : 'the file is not in the target folder';
		},
	}),
];
