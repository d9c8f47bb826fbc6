import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_ONLY } from '../../../shared/description/operation';
import { readEmails, readText } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { fileLocator, optionsCollection } from '../../../shared/description/common.descriptions';
import { readEntryHash } from '../references';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Share for Signing',
	action: 'Share a file for signing',
	description: 'Send a file to people for electronic signing',
};
export const access: Access = 'write';
export const writes: Writes = { kind: 'send', into: 'file', named: undefined };
export const runsOver = OVER_REST_ONLY;

const properties: INodeProperties[] = [
	fileLocator,
	{
		displayName: 'Recipient Emails',
		name: 'emails',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. anna@example.com, ben@example.com',
		description: 'Who receives the signing request; separate several addresses with commas',
	},
	{
		displayName: 'Message',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description: 'Text of the e-mail the recipients get',
	},
	{
		displayName: 'Re-Share Emails',
		name: 'nextShareEmails',
		type: 'string',
		default: '',
		placeholder: 'e.g. legal@example.com',
		description: 'Addresses prefilled for recipients who may pass the document on; separate several with commas',
	},
	optionsCollection,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['esignature'], operation: ['share'] } },
	properties,
);

/** What it gives, for the model reading its tool description. */
export const returns = 'the sharing result per recipient';

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const fileHash = await readEntryHash(this, storage, 'file', { name: 'file', label: 'File' }, itemIndex);
	const emails = readEmails(this, 'emails', itemIndex, 'Recipient Emails', true);
	const nextShareEmails = readEmails(this, 'nextShareEmails', itemIndex, 'Re-Share Emails', false);
	const text = readText(this, 'text', itemIndex, 'Message');
	const result = await storage.shareForSigning(
		{
			file_hash: fileHash,
			emails,
			text: text || undefined,
			next_share_emails: nextShareEmails.length ? nextShareEmails : undefined,
		},
		itemIndex,
	);
	return [jsonItem({ file_hash: fileHash, ...result }, itemIndex)];
};
