import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { keyProperty, readHash, readKey, userIdProperty } from './fields';
import { keyAction } from './keyAction';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('uploadHash', 'Upload Hash', 'Hash of the encrypted upload (folder)'),
	keyProperty('encryptionKey', 'Encryption Key', 'The wrapped content key'),
	keyProperty('keySignature', 'Key Signature', 'Signature of the wrapped key'),
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['saveUploadKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const uploadHash = readHash(this, itemIndex, 'uploadHash', 'Upload Hash');
	const { userID, result } = await keyAction(
		this,
		itemIndex,
		{
			action: 'save_upload_encryption_key',
			label: 'save the upload key',
			notFound: 'Svc found no upload with this hash. Check the Upload Hash.',
		},
		{
			uploadHash,
			encryptionKey: readKey(this, itemIndex, 'encryptionKey', 'Encryption Key'),
			keySignature: readKey(this, itemIndex, 'keySignature', 'Key Signature'),
		},
	);
	return [jsonItem({ userID, uploadHash, ...result }, itemIndex)];
}
