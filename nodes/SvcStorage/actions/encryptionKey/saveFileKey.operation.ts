import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../restCall';
import { keyProperty, readKey, readUserId, userIdProperty } from './fields';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('fileHash', 'File Hash', 'Hash of the encrypted file'),
	keyProperty('encryptionKey', 'Encryption Key', 'The wrapped content key of the file'),
	keyProperty('keySignature', 'Key Signature', 'Signature of the wrapped key'),
	optionsCollection([
		{ displayName: 'File Signature', name: 'fileSignature', type: 'string', default: '', description: 'Signature of the file content' },
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['saveFileKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fields = {
		userID: readUserId(this, itemIndex),
		fileHash: readKey(this, itemIndex, 'fileHash', 'File Hash'),
		encryptionKey: readKey(this, itemIndex, 'encryptionKey', 'Encryption Key'),
		keySignature: readKey(this, itemIndex, 'keySignature', 'Key Signature'),
		fileSignature: readText(this, 'options.fileSignature', itemIndex, 'File Signature') || undefined,
	};
	const result = await storageActionObject(this, itemIndex, 'save_file_encryption_key', fields, 'save the file key');
	return [jsonItem({ userID: fields.userID, fileHash: fields.fileHash, ...result }, itemIndex)];
}
