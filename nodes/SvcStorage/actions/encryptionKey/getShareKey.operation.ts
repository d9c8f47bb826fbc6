import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isEmail, readText, refuseInput } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../restCall';
import { keyProperty, readKey, readUserId, userIdProperty } from './fields';

const properties: INodeProperties[] = [
	userIdProperty,
	{
		displayName: 'Receiver Email',
		name: 'receiverEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'E-mail address of the recipient; the recipient must have published public keys',
	},
	{
		displayName: 'Key Of',
		name: 'keyOf',
		type: 'options',
		options: [
			{ name: 'File', value: 'file' },
			{ name: 'Upload (Folder)', value: 'upload' },
		],
		default: 'file',
		description: 'Whether the key to share belongs to a file or to an upload',
	},
	{ ...keyProperty('fileHash', 'File Hash', 'Hash of the encrypted file'), displayOptions: { show: { keyOf: ['file'] } } },
	{ ...keyProperty('uploadHash', 'Upload Hash', 'Hash of the encrypted upload'), displayOptions: { show: { keyOf: ['upload'] } } },
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['encryptionKey'], operation: ['getShareKey'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const receiverEmail = readText(this, 'receiverEmail', itemIndex, 'Receiver Email', { required: true });
	if (!isEmail(receiverEmail)) {
		refuseInput(this, itemIndex, `The parameter "Receiver Email" is not a valid e-mail address: "${receiverEmail}"`);
	}
	const keyOf = this.getNodeParameter('keyOf', itemIndex) as string;
	const target =
		keyOf === 'upload'
			? { uploadHash: readKey(this, itemIndex, 'uploadHash', 'Upload Hash') }
			: { fileHash: readKey(this, itemIndex, 'fileHash', 'File Hash') };
	const result = await storageActionObject(
		this,
		itemIndex,
		'get_share_encryption_key',
		{ userID: readUserId(this, itemIndex), receiverEmail, ...target },
		'get the key for sharing',
	);
	return [jsonItem({ receiverEmail, ...target, ...result }, itemIndex)];
}
