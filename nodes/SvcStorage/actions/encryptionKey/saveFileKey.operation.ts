import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { keyProperty, readHash, readKey, userIdProperty } from './fields';
import { keyAction } from './keyAction';

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
	const fileHash = readHash(this, itemIndex, 'fileHash', 'File Hash');
	const { userID, result } = await keyAction(
		this,
		itemIndex,
		{
			action: 'save_file_encryption_key',
			label: 'save the file key',
			notFound: 'Svc found no file with this hash. Check the File Hash.',
		},
		{
			fileHash,
			encryptionKey: readKey(this, itemIndex, 'encryptionKey', 'Encryption Key'),
			keySignature: readKey(this, itemIndex, 'keySignature', 'Key Signature'),
			fileSignature: readKey(this, itemIndex, 'options.fileSignature', 'File Signature', false),
		},
	);
	return [jsonItem({ userID, fileHash, ...result }, itemIndex)];
}
