import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { isEncryptedFolderProperty, keyProperty, readHash, userIdProperty } from './fields';
import { keyAction } from './keyAction';

const properties: INodeProperties[] = [
	userIdProperty,
	keyProperty('fileHash', 'File Hash', 'Hash of the encrypted file'),
	isEncryptedFolderProperty,
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['getFileKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileHash = readHash(this, itemIndex, 'fileHash', 'File Hash');
	const { result } = await keyAction(
		this,
		itemIndex,
		{
			action: 'get_file_encryption_key',
			label: 'get the file key',
			notFound:
				'No key is stored for this File Hash that this account can read. Save it first with Encryption Key > Save File Key, or turn on "Is Encrypted Folder" to get the key of the user who encrypted the folder.',
		},
		{ fileHash, isEncryptedFolder: this.getNodeParameter('isEncryptedFolder', itemIndex, false) as boolean },
	);
	return [jsonItem({ fileHash, ...result }, itemIndex)];
}
