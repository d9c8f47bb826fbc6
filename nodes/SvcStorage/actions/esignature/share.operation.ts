import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readEmails, readLocator, readText } from '../../../shared/parameters';
import { jsonItem } from '../../../shared/runPerItem';
import { fileLocator, optionsCollection } from '../common.descriptions';
import { storageActionObject } from '../storageAction';

const properties: INodeProperties[] = [
	fileLocator({ name: 'file', displayName: 'File', description: 'File to send for electronic signing' }),
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
	optionsCollection(),
];

export const description = updateDisplayOptions({ show: { resource: ['esignature'], operation: ['share'] } }, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const fileHash = readLocator(this, 'file', itemIndex, 'File');
	const emails = readEmails(this, 'emails', itemIndex, 'Recipient Emails', true);
	const nextShareEmails = readEmails(this, 'nextShareEmails', itemIndex, 'Re-Share Emails', false);
	const text = readText(this, 'text', itemIndex, 'Message');
	const result = await storageActionObject(
		this,
		itemIndex,
		'esignature_share',
		{
			file_hash: fileHash,
			emails,
			text: text || undefined,
			next_share_emails: nextShareEmails.length ? nextShareEmails : undefined,
		},
		'share the file for signing',
	);
	return [jsonItem({ file_hash: fileHash, ...result }, itemIndex)];
}
