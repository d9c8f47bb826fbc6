import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { isEncryptedFolderProperty, keyProperty, readHash, userIdProperty } from './fields';
import { keyAction } from './keyAction';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('uploadHash', 'Upload Hash', 'Hash of the encrypted upload (folder)'),
	isEncryptedFolderProperty,
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['getUploadKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const uploadHash = readHash(this, itemIndex, 'uploadHash', 'Upload Hash');
	const { result } = await keyAction(
		this,
		itemIndex,
		{
			action: 'get_upload_encryption_key',
			label: 'get the upload key',
			notFound:
				'No key is stored for this Upload Hash that this account can read. Save it first with Encryption Key > Save Upload Key, or turn on "Is Encrypted Folder" to get the key of the user who encrypted the folder.',
		},
		{ uploadHash, isEncryptedFolder: this.getNodeParameter('isEncryptedFolder', itemIndex, false) as boolean },
	);
	return [jsonItem({ uploadHash, ...result }, itemIndex)];
}
