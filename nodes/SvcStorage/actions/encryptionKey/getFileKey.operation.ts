import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../restCall';
import { isEncryptedFolderProperty, keyProperty, readKey, readUserId, userIdProperty } from './fields';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('fileHash', 'File Hash', 'Hash of the encrypted file'),
	isEncryptedFolderProperty,
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['getFileKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fields = {
		userID: readUserId(this, itemIndex),
		fileHash: readKey(this, itemIndex, 'fileHash', 'File Hash'),
		isEncryptedFolder: this.getNodeParameter('isEncryptedFolder', itemIndex, false) as boolean,
	};
	const result = await storageActionObject(this, itemIndex, 'get_file_encryption_key', fields, 'get the file key');
	return [jsonItem({ fileHash: fields.fileHash, ...result }, itemIndex)];
}
