import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection } from '../../../shared/description/common.descriptions';
import { REST } from '../../../shared/transport/restCatalogue';
import { readKey, userIdProperty } from './fields';
import type { StorageExecute } from '../node.type';
import { keyAction } from './keyAction';

export const option: OperationOption = {
	name: 'Save User Keys',
	action: 'Save the user public keys',
	description: "Publish the account's public keys",
};
export const access: Access = 'write';
export const writes: Writes = { kind: 'set', into: 'userId', named: undefined };
export const runsOver = OVER_REST_ONLY;

const PUBLIC_KEYS = [
	['kem', 'KEM Public Key'],
	['dsa', 'DSA Public Key'],
	['x25519', 'X25519 Public Key'],
	['ed25519', 'Ed25519 Public Key'],
] as const;

const properties: INodeProperties[] = [
	{ ...userIdProperty, description: 'Numeric ID of the authenticated account (the service refuses any other)' },
	{
		displayName: 'KEM Public Key',
		name: 'kem',
		type: 'string',
		default: '',
		required: true,
		description: "The account's KEM Public Key, as exported by the encryption client",
	},
	{
		displayName: 'DSA Public Key',
		name: 'dsa',
		type: 'string',
		default: '',
		required: true,
		description: "The account's DSA Public Key, as exported by the encryption client",
	},
	{
		displayName: 'X25519 Public Key',
		name: 'x25519',
		type: 'string',
		default: '',
		required: true,
		description: "The account's X25519 Public Key, as exported by the encryption client",
	},
	{
		displayName: 'Ed25519 Public Key',
		name: 'ed25519',
		type: 'string',
		default: '',
		required: true,
		description: "The account's Ed25519 Public Key, as exported by the encryption client",
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['encryptionKey'], operation: ['saveUserKeys'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'whether the keys were published';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const keys = Object.fromEntries(PUBLIC_KEYS.map(([name, label]) => [name, readKey(this, itemIndex, name, label)]));
	const { userID, result } = await keyAction(
		this,
		itemIndex,
		storage,
		{
			row: REST.saveUserEncryptionKeys,
			purpose: 'save the public keys',
			notFound:
				"Svc found no account for this User ID. Use the ID of the credential's account (Account > " +
				'Get User Data, field user_id).',
			saves: {},
		},
		keys,
	);
	return [jsonItem({ userID, ...result }, itemIndex)];
};
