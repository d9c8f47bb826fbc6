import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../restCall';
import { keyProperty, readKey, readUserId, userIdProperty } from './fields';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('uploadHash', 'Upload Hash', 'Hash of the encrypted upload (folder)'),
	keyProperty('encryptionKey', 'Encryption Key', 'The wrapped content key'),
	keyProperty('keySignature', 'Key Signature', 'Signature of the wrapped key'),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['saveUploadKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fields = {
		userID: readUserId(this, itemIndex),
		uploadHash: readKey(this, itemIndex, 'uploadHash', 'Upload Hash'),
		encryptionKey: readKey(this, itemIndex, 'encryptionKey', 'Encryption Key'),
		keySignature: readKey(this, itemIndex, 'keySignature', 'Key Signature'),
	};
	const result = await storageActionObject(this, itemIndex, 'save_upload_encryption_key', fields, 'save the upload key');
	return [jsonItem({ userID: fields.userID, uploadHash: fields.uploadHash, ...result }, itemIndex)];
}
