import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { StorageService } from '../../../shared/services/storage/StorageService';
import type { RestAction } from '../../../shared/transport/restCatalogue';
import type { StorageFields } from '../../../shared/transport/storageApi';
import { readUserId } from './fields';

export interface KeyCall {
	/** The key action (its catalogue row). */
	row: RestAction;
	/** What it is for: the end of "while trying to …". */
	purpose: string;
	/** What a 404 means for this operation and what to do about it. */
	notFound: string;
	/**
	 * A save (a set: services/exactlyOnce/sets.ts), with the read that shows the stored key where the storage API
	 * has one (`readBack`: its row and the target's hash field); `{}` for a save Svc offers no read of.
	 */
	saves?: { readBack?: { row: RestAction; target: { kind: 'file' | 'upload'; field: string } } };
}

const FORBIDDEN_HINT =
	"Encryption key operations accept only the ID of the credential's own account as User ID. " +
	'Find it with Account > Get User Data (field user_id), or use a credential of the account ' +
	'whose ID you entered.';

/**
 * One encryption key action for the User ID parameter. Its 403 and 404 mean specific things (the
 * storage API: userID must be the authenticated user; 404 is "no key" or "receiver has no
 * published keys"): they go to the status table as this call's hints.
 */
export async function keyAction(
	ctx: IExecuteFunctions,
	itemIndex: number,
	storage: StorageService,
	call: KeyCall,
	fields: StorageFields,
): Promise<{ userID: number; result: IDataObject }> {
	const userID = readUserId(ctx, itemIndex);
	const hints = {
		403: { refused: `User ID ${userID}`, description: FORBIDDEN_HINT },
		404: { description: call.notFound },
	};
	const action = { row: call.row, purpose: call.purpose, hints };
	if (!call.saves)
		return { userID, result: await storage.encryptionKeyAction(action, { userID, ...fields }, itemIndex) };
	const readBack = call.saves.readBack;
	const hash = readBack ? String(fields[readBack.target.field]) : '';
	const read = readBack && {
		call: { row: readBack.row, purpose: `read the stored ${readBack.target.kind} key` },
		fields: { userID, [readBack.target.field]: hash },
		target: { kind: readBack.target.kind, hash },
	};
	return { userID, result: await storage.saveEncryptionKey(action, { userID, ...fields }, read, itemIndex) };
}
