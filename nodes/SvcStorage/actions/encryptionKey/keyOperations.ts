import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/execution/items';
import type { Access } from '../../../shared/description/operation';
import { REST, type RestAction } from '../../../shared/transport/restCatalogue';
import type { StorageFields } from '../../../shared/transport/storageApi';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import type { StorageOperation } from '../node.type';
import { readHash, readKey } from './fields';
import { keyAction } from './keyAction';
import { parameterOf } from '../../../shared/execution/parameters';

/** What a content key belongs to: one file, or an upload (folder). The operations differ only in these words. */
type KeyTarget = 'file' | 'upload';

/** The key action of each verb and target. */
const ROW: Record<'get' | 'save', Record<KeyTarget, RestAction>> = {
	get: { file: REST.getFileEncryptionKey, upload: REST.getUploadEncryptionKey },
	save: { file: REST.saveFileEncryptionKey, upload: REST.saveUploadEncryptionKey },
};

const TARGET: Record<KeyTarget, { hashParameter: string; hashLabel: string; operation: string }> = {
	file: { hashParameter: 'fileHash', hashLabel: 'File Hash', operation: 'File' },
	upload: { hashParameter: 'uploadHash', hashLabel: 'Upload Hash', operation: 'Upload' },
};

/** What Get and Save a key differ in, besides the target. */
interface KeyOperation {
	access: Access;
	/** What it gives, for the model reading its tool description. */
	returns: string;
	/** Its description in the action list. */
	summary: string;
	/** Its parameters, as the operation file declares them. */
	properties: INodeProperties[];
	/** What a 404 means for it and what to do about it. */
	notFound: string;
	/** The request's fields besides the target's hash. */
	fields(ctx: IExecuteFunctions, itemIndex: number): StorageFields;
	/** Whether its output names the user the key was saved for. */
	outputsUserId: boolean;
}

/** Encryption Key > {Get, Save} {File, Upload} Key: one key action (`ROW`) by hash. */
function keyOperation(verb: 'get' | 'save', target: KeyTarget, declared: KeyOperation): StorageOperation {
	const { hashParameter, hashLabel, operation } = TARGET[target];
	const title = verb === 'get' ? 'Get' : 'Save';
	return {
		option: {
			name: `${title} ${operation} Key`,
			action: `${title} ${target === 'file' ? 'a file' : 'an upload'} key`,
			description: declared.summary,
		},
		access: declared.access,
		runsOver: OVER_REST_ONLY,
		returns: declared.returns,
		description: updateDisplayOptions(
			{ show: { resource: ['encryptionKey'], operation: [`${verb}${operation}Key`] } },
			declared.properties,
		),
		async execute(itemIndex, { storage }) {
			const hash = readHash(this, itemIndex, hashParameter, hashLabel);
			const { userID, result } = await keyAction(
				this,
				itemIndex,
				storage,
				{
					row: ROW[verb][target],
					purpose: `${verb} the ${target} key`,
					notFound: declared.notFound,
					...(verb === 'save'
						? { saves: { readBack: { row: ROW.get[target], target: { kind: target, field: hashParameter } } } }
						: {}),
				},
				{ [hashParameter]: hash, ...declared.fields(this, itemIndex) },
			);
			return [jsonItem({ ...(declared.outputsUserId ? { userID } : {}), [hashParameter]: hash, ...result }, itemIndex)];
		},
	};
}

/** Encryption Key > Get File Key and Get Upload Key: User ID, the hash, Is Encrypted Folder. */
export function getKeyOperation(target: KeyTarget, returns: string, properties: INodeProperties[]): StorageOperation {
	const { hashLabel, operation } = TARGET[target];
	return keyOperation('get', target, {
		returns,
		access: 'read',
		summary: `Get the wrapped key of an encrypted ${target}`,
		properties,
		notFound:
			`No key is stored for this ${hashLabel} that this account can read. Save it first with Encryption ` +
			`Key > Save ${operation} Key, or turn on "Is Encrypted Folder" to get the key of the user ` +
			`who encrypted the folder.`,
		fields: (ctx, itemIndex) => ({
			isEncryptedFolder: parameterOf(ctx, 'isEncryptedFolder', itemIndex, false) as boolean,
		}),
		outputsUserId: false,
	});
}

/**
 * Encryption Key > Save File Key and Save Upload Key: User ID, the hash, Encryption Key, Key Signature (a file
 * key may carry the file's signature).
 */
export function saveKeyOperation(target: KeyTarget, returns: string, properties: INodeProperties[]): StorageOperation {
	const { hashLabel } = TARGET[target];
	return keyOperation('save', target, {
		returns,
		access: 'write',
		summary: `Store the wrapped key of an encrypted ${target}`,
		properties,
		notFound: `Svc found no ${target} with this hash. Check the ${hashLabel}.`,
		fields: (ctx, itemIndex) => ({
			encryptionKey: readKey(ctx, itemIndex, 'encryptionKey', 'Encryption Key'),
			keySignature: readKey(ctx, itemIndex, 'keySignature', 'Key Signature'),
			...(target === 'file'
				? { fileSignature: readKey(ctx, itemIndex, 'options.fileSignature', 'File Signature', false) }
				: {}),
		}),
		outputsUserId: true,
	});
}
