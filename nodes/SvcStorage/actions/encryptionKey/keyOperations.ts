import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/items';
import { OVER_REST_ONLY } from '../../../shared/operation';
import { optionsCollection } from '../common.descriptions';
import type { StorageOperation } from '../node.type';
import { isEncryptedFolderProperty, keyProperty, readHash, readKey, userIdProperty } from './fields';
import { keyAction } from './keyAction';

/** What a content key belongs to: one file, or an upload (folder). The operations differ only in these words. */
type KeyTarget = 'file' | 'upload';

const TARGET: Record<
	KeyTarget,
	{ hashParameter: string; hashLabel: string; hashDescription: string; keyDescription: string; operation: string }
> = {
	file: {
		hashParameter: 'fileHash',
		hashLabel: 'File Hash',
		hashDescription: 'Hash of the encrypted file',
		keyDescription: 'The wrapped content key of the file',
		operation: 'File',
	},
	upload: {
		hashParameter: 'uploadHash',
		hashLabel: 'Upload Hash',
		hashDescription: 'Hash of the encrypted upload (folder)',
		keyDescription: 'The wrapped content key',
		operation: 'Upload',
	},
};

function shownFor(operation: string, properties: INodeProperties[]): INodeProperties[] {
	return updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: [operation] } }, properties);
}

/** Encryption Key > Get File Key and Get Upload Key. */
export function getKeyOperation(target: KeyTarget): StorageOperation {
	const { hashParameter, hashLabel, hashDescription, operation } = TARGET[target];
	return {
		option: {
			name: `Get ${operation} Key`,
			action: `Get ${target === 'file' ? 'a file' : 'an upload'} key`,
			description: `Get the wrapped key of an encrypted ${target}`,
		},
		access: 'read',
		runsOver: OVER_REST_ONLY,
		description: shownFor(`get${operation}Key`, [
			userIdProperty,
			keyProperty(hashParameter, hashLabel, hashDescription),
			isEncryptedFolderProperty,
			optionsCollection(),
		]),
		async execute(itemIndex, { storage }) {
			const hash = readHash(this, itemIndex, hashParameter, hashLabel);
			const { result } = await keyAction(
				this,
				itemIndex,
				storage,
				{
					action: `get_${target}_encryption_key`,
					label: `get the ${target} key`,
					notFound:
						`No key is stored for this ${hashLabel} that this account can read. Save it first with Encryption ` +
						`Key > Save ${operation} Key, or turn on "Is Encrypted Folder" to get the key of the user ` +
						`who encrypted the folder.`,
				},
				{
					[hashParameter]: hash,
					isEncryptedFolder: this.getNodeParameter('isEncryptedFolder', itemIndex, false) as boolean,
				},
			);
			return [jsonItem({ [hashParameter]: hash, ...result }, itemIndex)];
		},
	};
}

/** Encryption Key > Save File Key and Save Upload Key (a file key may carry the file's signature). */
export function saveKeyOperation(target: KeyTarget): StorageOperation {
	const { hashParameter, hashLabel, hashDescription, keyDescription, operation } = TARGET[target];
	const properties: INodeProperties[] = [
		userIdProperty,
		keyProperty(hashParameter, hashLabel, hashDescription),
		keyProperty('encryptionKey', 'Encryption Key', keyDescription),
		keyProperty('keySignature', 'Key Signature', 'Signature of the wrapped key'),
		optionsCollection(
			target === 'file'
				? [
						{
							displayName: 'File Signature',
							name: 'fileSignature',
							type: 'string',
							default: '',
							description: 'Signature of the file content',
						},
					]
				: [],
		),
	];
	return {
		option: {
			name: `Save ${operation} Key`,
			action: `Save ${target === 'file' ? 'a file' : 'an upload'} key`,
			description: `Store the wrapped key of an encrypted ${target}`,
		},
		access: 'write',
		runsOver: OVER_REST_ONLY,
		description: shownFor(`save${operation}Key`, properties),
		async execute(itemIndex, { storage }) {
			const hash = readHash(this, itemIndex, hashParameter, hashLabel);
			const { userID, result } = await keyAction(
				this,
				itemIndex,
				storage,
				{
					action: `save_${target}_encryption_key`,
					label: `save the ${target} key`,
					notFound: `Svc found no ${target} with this hash. Check the ${hashLabel}.`,
				},
				{
					[hashParameter]: hash,
					encryptionKey: readKey(this, itemIndex, 'encryptionKey', 'Encryption Key'),
					keySignature: readKey(this, itemIndex, 'keySignature', 'Key Signature'),
					...(target === 'file'
						? { fileSignature: readKey(this, itemIndex, 'options.fileSignature', 'File Signature', false) }
						: {}),
				},
			);
			return [jsonItem({ userID, [hashParameter]: hash, ...result }, itemIndex)];
		},
	};
}
