import type { IDataObject } from 'n8n-workflow';

import { entryName } from '../../adapters/storage/entryFields';
import type { EntryKind } from '../../adapters/storage/entryFields';
import { unlessGone } from '../../transport/errors';
import type { SetWrite } from '../exactlyOnce/sets';
import type { SendWrite } from '../exactlyOnce/sends';
import { isNumbered, mayHaveBecome, normalizedName, stored } from './entries';

/*
 * The storage's sets and sends as the executor runs them (exactlyOnce/sets.ts, sends.ts): each one's send, the read
 * that shows the object in the state asked for, and the words of its messages. What to read is the storage API's:
 * get_file_info and get_folder_info (the MCP endpoint's svc_get_file_info, svc_get_folder_info), and
 * get_file_encryption_key / get_upload_encryption_key for a stored key.
 */

/** What a set needs of the service: the object's info as the REST API gives it (an error when the read fails). */
export type InfoRead = (kind: EntryKind, hash: string) => Promise<IDataObject>;

const LABEL: Record<EntryKind, string> = { file: 'File', folder: 'Folder' };

/** A deleted item's info, where a service shows one instead of "resource unavailable": a trash flag. */
function inTrash(info: IDataObject): boolean {
	return ['deleted', 'is_deleted', 'trashed', 'in_trash'].some((flag) => info[flag] === true || info[flag] === 1);
}

/** The object's info, or undefined when Svc says it is gone (404, 405: the storage API's "resource unavailable"). */
async function infoUnlessGone(read: InfoRead, kind: EntryKind, hash: string): Promise<IDataObject | undefined> {
	return await unlessGone(read(kind, hash));
}

/**
 * Whether a name as Svc shows it is the name asked for, as Svc makes it (the storage API: "final normalized unique
 * name"): normalized, numbered where the name was taken, or cut where it was too long.
 */
export function renamedAs(actual: string | undefined, requested: string): boolean {
	if (actual === undefined) return false;
	const wanted = normalizedName(requested);
	const given = stored(actual);
	return given === wanted || isNumbered(given, wanted) || mayHaveBecome(given, wanted);
}

/** File → Delete, Folder → Delete: done when the object is gone or in the trash. */
export function deletion(kind: EntryKind, hash: string, send: () => Promise<IDataObject>, read: InfoRead) {
	return {
		subject: `the deletion of the ${kind} ${hash}`,
		check: `whether the ${kind} is still there (${LABEL[kind]} → Get Info)`,
		identity: { set: 'delete', kind, hash },
		send,
		state: async () => {
			const info = await infoUnlessGone(read, kind, hash);
			return info === undefined || inTrash(info) ? { [`${kind}_hash`]: hash, deleted: true } : undefined;
		},
	} satisfies SetWrite<IDataObject>;
}

/** File → Restore, Folder → Restore: done when the object can be read again, out of the trash. */
export function restoration(kind: EntryKind, hash: string, send: () => Promise<IDataObject>, read: InfoRead) {
	return {
		subject: `the restore of the ${kind} ${hash}`,
		check: `whether the ${kind} is back (${LABEL[kind]} → Get Info)`,
		identity: { set: 'restore', kind, hash },
		send,
		state: async () => {
			const info = await infoUnlessGone(read, kind, hash);
			return info !== undefined && !inTrash(info) ? { [`${kind}_hash`]: hash, restored: true } : undefined;
		},
	} satisfies SetWrite<IDataObject>;
}

/** File → Rename, Folder → Rename: done when the object bears the name as Svc makes it of the one asked for. */
export function renaming(
	kind: EntryKind,
	hash: string,
	name: string,
	send: () => Promise<IDataObject>,
	read: InfoRead,
) {
	return {
		subject: `the rename of the ${kind} ${hash} to "${name}"`,
		check: `the ${kind}'s name (${LABEL[kind]} → Get Info)`,
		identity: { set: 'rename', kind, hash, name },
		send,
		state: async () => {
			const info = await read(kind, hash);
			const actual = entryName(info);
			// A name that normalizes to nothing becomes a random one: no name shows that rename.
			if (normalizedName(name) === '' || !renamedAs(actual, name)) return undefined;
			return { [`${kind}_hash`]: hash, [`${kind}_name`]: actual ?? null };
		},
	} satisfies SetWrite<IDataObject>;
}

/** File → Move, Folder → Move: done when the object's folder is the target. */
export function moving(
	kind: EntryKind,
	hash: string,
	target: string,
	send: () => Promise<IDataObject>,
	read: InfoRead,
) {
	const parentField = kind === 'file' ? 'folder_hash' : 'parent_folder_hash';
	return {
		subject: `the move of the ${kind} ${hash} into the folder ${target}`,
		check: `the ${kind}'s folder (${LABEL[kind]} → Get Info)`,
		identity: { set: 'move', kind, hash, target },
		send,
		state: async () => {
			const info = await read(kind, hash);
			if (info[parentField] !== target) return undefined;
			return kind === 'file'
				? { file_hash: hash, folder_hash: target }
				: {
						folder_hash: hash,
						folder_name: entryName(info) ?? null,
						parent_folder_hash: target,
						access_type: (info.access_type as string | undefined) ?? null,
						status: 'updated',
					};
		},
	} satisfies SetWrite<IDataObject>;
}

/**
 * A key saved: a wrapped key (Save File Key, Save Upload Key; `target`), done when the stored key is the one sent; or
 * the account's public keys (Save User Keys; no target), which the storage API offers no read of: sent again after a
 * lost answer, it stores what the first stored.
 */
export function keySaving(
	target: { kind: 'file' | 'upload'; hash: string } | undefined,
	sent: IDataObject,
	send: () => Promise<IDataObject>,
	readKey: (() => Promise<IDataObject>) | undefined,
): SetWrite<IDataObject> {
	// What is sent, keys included, is kept only as the digest the executor makes of it.
	const identity = { set: 'key', ...sent };
	if (!target || !readKey)
		return {
			subject: `the public keys of the user ${String(sent.userID)}`,
			check: "the account's published keys (Encryption Key → Get Share Key, from an account sharing with it)",
			identity,
			send,
		};
	const operation = target.kind === 'file' ? 'File' : 'Upload';
	const { encryptionKey, keySignature, fileSignature } = sent;
	return {
		subject: `the key of the ${target.kind} ${target.hash}`,
		check: `the stored key (Encryption Key → Get ${operation} Key)`,
		identity,
		send,
		state: async () => {
			const key = await unlessGone(readKey());
			const holds =
				key !== undefined &&
				key.encryptionKey === encryptionKey &&
				key.keySignature === keySignature &&
				(fileSignature === undefined || key.fileSignature === fileSignature);
			// The storage API's "success result" shows no field beyond success.
			return holds ? { success: true } : undefined;
		},
	};
}

/** Share for Signing: its e-mails are sent at most once; the answer's status and addresses are kept. */
export function signingRequest(fields: IDataObject, send: () => Promise<IDataObject>): SendWrite<IDataObject> {
	const emails = Array.isArray(fields.emails) ? fields.emails.join(', ') : String(fields.emails);
	return {
		subject: `the signing request for the file ${String(fields.file_hash)}`,
		check:
			`whether ${emails} received the signing e-mail (ask them), and the file's signatures ` +
			`(E-signature → Get Many)`,
		identity: { send: 'esignatureShare', ...fields },
		send,
		kept: (answer) => {
			const { status, sent_emails, next_share_emails } = answer;
			return JSON.parse(JSON.stringify({ status, sent_emails, next_share_emails })) as IDataObject;
		},
	};
}
