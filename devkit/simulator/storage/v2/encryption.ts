import type { SimResponse } from '../../types';
import { requireCaller } from '../auth';
import type { Caller, StorageActions, StorageCall } from '../context';
import { isEmail } from '../email';
import type { KeyTarget, PublishedKeys } from '../encryptionKeys';
import { fail, isResponse, ok } from '../http';

/**
 * Every key operation names the acting user in `userID`; it must be the authenticated
 * account (403 otherwise). Document 1 states this for save_user_encryption_keys; the
 * simulator applies it to all six.
 */
function actingCaller(call: StorageCall): Caller | SimResponse {
	const caller = requireCaller(call);
	if (isResponse(caller)) return caller;
	const userId = call.params.integer('userID');
	if (userId === undefined || Number.isNaN(userId)) return fail(400, 'userID must be an integer');
	if (userId !== caller.account.id) return fail(403, 'userID does not match the authenticated user');
	return caller;
}

function missing(call: StorageCall, names: string[]): SimResponse | undefined {
	const absent = names.filter((name) => !call.params.has(name));
	return absent.length ? fail(400, `missing parameters: ${absent.join(', ')}`) : undefined;
}

function senderKeys(keys: PublishedKeys | undefined): Record<string, string | null> {
	return {
		senderKEMKey: keys?.kem ?? null,
		senderDSAKey: keys?.dsa ?? null,
		senderX25519Key: keys?.x25519 ?? null,
		senderED25519Key: keys?.ed25519 ?? null,
	};
}

function saveWrappedKey(
	call: StorageCall,
	target: KeyTarget,
	hashParameter: string,
	withFileSignature: boolean,
): SimResponse {
	const caller = actingCaller(call);
	if (isResponse(caller)) return caller;
	const problem = missing(call, [hashParameter, 'encryptionKey', 'keySignature']);
	if (problem) return problem;
	const fileSignature = withFileSignature ? call.params.text('fileSignature') : undefined;
	call.services.encryptionKeys.saveWrappedKey(target, call.params.text(hashParameter) as string, {
		userId: caller.account.id,
		encryptionKey: call.params.text('encryptionKey') as string,
		keySignature: call.params.text('keySignature') as string,
		...(fileSignature !== undefined ? { fileSignature } : {}),
		savedAt: Math.floor(call.services.now() / 1000),
	});
	return ok({ success: true });
}

function getWrappedKey(call: StorageCall, target: KeyTarget, hashParameter: string): SimResponse {
	const caller = actingCaller(call);
	if (isResponse(caller)) return caller;
	const problem = missing(call, [hashParameter]);
	if (problem) return problem;
	const keys = call.services.encryptionKeys;
	const key = keys.wrappedKey(
		target,
		call.params.text(hashParameter) as string,
		caller.account.id,
		call.params.flag('isEncryptedFolder'),
	);
	if (!key) return fail(404, 'no encryption key stored for this hash');
	return ok({
		encryptionKey: key.encryptionKey,
		keySignature: key.keySignature,
		...(key.fileSignature !== undefined ? { fileSignature: key.fileSignature } : {}),
		senderUserID: key.userId,
		...senderKeys(keys.publishedKeys(key.userId)),
	});
}

/** Document 1's encryption key actions. */
export const encryptionKeyActions: StorageActions = {
	save_user_encryption_keys(call) {
		const caller = actingCaller(call);
		if (isResponse(caller)) return caller;
		const problem = missing(call, ['kem', 'dsa', 'x25519', 'ed25519']);
		if (problem) return problem;
		call.services.encryptionKeys.publish(caller.account.id, {
			kem: call.params.text('kem') as string,
			dsa: call.params.text('dsa') as string,
			x25519: call.params.text('x25519') as string,
			ed25519: call.params.text('ed25519') as string,
		});
		return ok({ success: true });
	},
	save_file_encryption_key: (call) => saveWrappedKey(call, 'file', 'fileHash', true),
	get_file_encryption_key: (call) => getWrappedKey(call, 'file', 'fileHash'),
	save_upload_encryption_key: (call) => saveWrappedKey(call, 'upload', 'uploadHash', false),
	get_upload_encryption_key: (call) => getWrappedKey(call, 'upload', 'uploadHash'),

	/** The caller's wrapped key for a file or upload, with the receiver's public keys to re-wrap it. */
	get_share_encryption_key(call) {
		const caller = actingCaller(call);
		if (isResponse(caller)) return caller;
		const receiverEmail = call.params.text('receiverEmail');
		if (!receiverEmail || !isEmail(receiverEmail.trim())) return fail(400, 'receiverEmail must be an e-mail address');
		const fileHash = call.params.text('fileHash');
		const uploadHash = call.params.text('uploadHash');
		if ((fileHash === undefined) === (uploadHash === undefined))
			return fail(400, 'send exactly one of fileHash or uploadHash');
		const { accounts, encryptionKeys } = call.services;
		const receiver = accounts
			.all()
			.find((account) => account.email.toLowerCase() === receiverEmail.trim().toLowerCase());
		const receiverKeys = receiver ? encryptionKeys.publishedKeys(receiver.id) : undefined;
		if (!receiver || !receiverKeys) return fail(404, 'the receiver has not published encryption keys');
		const key =
			fileHash !== undefined
				? encryptionKeys.wrappedKey('file', fileHash, caller.account.id)
				: encryptionKeys.wrappedKey('upload', uploadHash as string, caller.account.id);
		if (!key) return fail(404, 'no encryption key stored for this hash');
		return ok({
			encryptionKey: key.encryptionKey,
			keySignature: key.keySignature,
			receiverKEMKey: receiverKeys.kem,
			receiverDSAKey: receiverKeys.dsa,
			receiverX25519Key: receiverKeys.x25519,
			receiverED25519Key: receiverKeys.ed25519,
			receiverUserID: receiver.id,
		});
	},
};
