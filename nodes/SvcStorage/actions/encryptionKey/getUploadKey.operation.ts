import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../restCall';
import { isEncryptedFolderProperty, keyProperty, readKey, readUserId, userIdProperty } from './fields';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('uploadHash', 'Upload Hash', 'Hash of the encrypted upload (folder)'),
	isEncryptedFolderProperty,
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['getUploadKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fields = {
		userID: readUserId(this, itemIndex),
		uploadHash: readKey(this, itemIndex, 'uploadHash', 'Upload Hash'),
		isEncryptedFolder: this.getNodeParameter('isEncryptedFolder', itemIndex, false) as boolean,
	};
	const result = await storageActionObject(this, itemIndex, 'get_upload_encryption_key', fields, 'get the upload key');
	return [jsonItem({ uploadHash: fields.uploadHash, ...result }, itemIndex)];
}
