import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { isEmail, parameterOf, readText, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { REST } from '../../../shared/transport/restCatalogue';
import { fileHashProperty, readHash, uploadHashProperty, userIdProperty } from './fields';
import type { StorageExecute } from '../node.type';
import { keyAction } from './keyAction';

export const option: OperationOption = {
	name: 'Get Share Key',
	action: 'Get a key for sharing',
	description: "Get a key and the recipient's public keys for sharing",
};
export const access: Access = 'read';
export const runsOver = OVER_REST_ONLY;

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
	{ ...fileHashProperty, displayOptions: { show: { keyOf: ['file'] } } },
	{
		...uploadHashProperty,
		description: 'Hash of the encrypted upload',
		displayOptions: { show: { keyOf: ['upload'] } },
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['encryptionKey'], operation: ['getShareKey'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = "a key and the recipient's public keys";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const receiverEmail = readText(this, 'receiverEmail', itemIndex, 'Receiver Email', { required: true });
	if (!isEmail(receiverEmail)) {
		refuseInput(this, itemIndex, `The parameter "Receiver Email" is not a valid e-mail address: "${receiverEmail}"`);
	}
	const keyOf = parameterOf(this, 'keyOf', itemIndex, undefined) as string;
	// Exactly one of fileHash / uploadHash (the storage API): the other is never sent, whatever it holds.
	const target =
		keyOf === 'upload'
			? { uploadHash: readHash(this, itemIndex, 'uploadHash', 'Upload Hash') }
			: { fileHash: readHash(this, itemIndex, 'fileHash', 'File Hash') };
	const { result } = await keyAction(
		this,
		itemIndex,
		storage,
		{
			row: REST.getShareEncryptionKey,
			purpose: 'get the key for sharing',
			notFound:
				`Either ${receiverEmail} has no Svc account with published public keys (the receiver publishes ` +
				`them with Encryption Key > Save User Keys), or this account holds no key for this ` +
				(keyOf === 'upload' ? 'Upload Hash (Save Upload Key).' : 'File Hash (Save File Key).'),
		},
		{ receiverEmail, ...target },
	);
	return [jsonItem({ receiverEmail, ...target, ...result }, itemIndex)];
};
