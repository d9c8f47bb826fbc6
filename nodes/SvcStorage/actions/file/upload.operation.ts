import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { Access, OperationOption, Writes } from '../../../shared/description/operation';
import { OVER_REST_AND_MCP } from '../../../shared/description/operation';
import { restOnlyInCollection } from '../../../shared/description/authentication.descriptions';
import { binaryUploadSource } from '../../../shared/execution/binary';
import { parameterOf, readText, refuseInput } from '../../../shared/execution/parameters';
import { jsonItem } from '../../../shared/execution/items';
import { optionsCollection, withOptions } from '../../../shared/description/common.descriptions';
import { fileFolderLocator } from '../common.descriptions';
import { readEntryHash } from '../references';
import { ifNameExistsOption, readIfNameExists } from '../ifNameExists';
import type { StorageExecute } from '../node.type';

export const option: OperationOption = {
	name: 'Upload',
	action: 'Upload a file',
	description: 'Upload a file from a binary field (up to 10 MiB over MCP)',
};
export const access: Access = 'claimingWrite';
export const writes: Writes = { kind: 'create', makes: 'file', into: 'folder', named: 'options.fileName' };
export const runsOver = OVER_REST_AND_MCP;

const WATERMARK_POSITIONS = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT'];

const properties: INodeProperties[] = [
	fileFolderLocator,
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field containing the file to be uploaded',
	},
	withOptions(optionsCollection, [
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			description: "Name to store the file under; defaults to the binary data's file name",
		},
		{
			displayName: 'Folder Upload Key',
			name: 'folderUploadKey',
			displayOptions: restOnlyInCollection('svcStorageApi'),
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: "The folder's upload key, for uploading into a folder the account has no full access to",
		},
		ifNameExistsOption('file'),
		{
			displayName: 'Watermark Color',
			name: 'watermarkColor',
			displayOptions: restOnlyInCollection('svcStorageApi'),
			type: 'color',
			default: '#F0FF3C',
			description: 'Color of the watermark text',
		},
		{
			displayName: 'Watermark Position',
			name: 'watermarkPosition',
			displayOptions: restOnlyInCollection('svcStorageApi'),
			type: 'options',
			options: [
				{ name: 'Bottom Left', value: 'BOTTOM_LEFT' },
				{ name: 'Bottom Right', value: 'BOTTOM_RIGHT' },
				{ name: 'Top Left', value: 'TOP_LEFT' },
				{ name: 'Top Right', value: 'TOP_RIGHT' },
			],
			default: 'BOTTOM_RIGHT',
		},
		{
			displayName: 'Watermark Text',
			name: 'watermarkText',
			displayOptions: restOnlyInCollection('svcStorageApi'),
			type: 'string',
			default: '',
			description: 'Text to stamp on JPG and PNG images; other files are stored unchanged',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['file'], operation: ['upload'] } }, properties);

function readWatermarkColor(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const raw = String(parameterOf(ctx, 'options.watermarkColor', itemIndex, '') ?? '').trim();
	if (!raw) return undefined;
	const hex = raw.replace(/^#/, '');
	if (!/^[0-9a-fA-F]{6}$/.test(hex)) {
		refuseInput(
			ctx,
			itemIndex,
			`The option "Watermark Color" is not a hex color: "${raw}"`,
			'Use six hex digits, such as F0FF3C.',
		);
	}
	return hex.toUpperCase();
}

/** What it gives, for the model reading its tool description. */
export const returns = "the new file's hash, name and size";

export const execute: StorageExecute = async function (itemIndex, { storage }) {
	const folderHash = await readEntryHash(this, storage, 'folder', { name: 'folder', label: 'Folder' }, itemIndex);
	const propertyName = readText(this, 'binaryPropertyName', itemIndex, 'Input Binary Field', { required: true });
	const fileName = readText(this, 'options.fileName', itemIndex, 'File Name', { maxLength: 255 });
	const watermarkText = readText(this, 'options.watermarkText', itemIndex, 'Watermark Text', { maxLength: 200 });
	const watermarkPosition = parameterOf(this, 'options.watermarkPosition', itemIndex, '') as string;
	if (watermarkPosition && !WATERMARK_POSITIONS.includes(watermarkPosition)) {
		refuseInput(
			this,
			itemIndex,
			`The option "Watermark Position" has an unknown value "${watermarkPosition}"`,
			`Use one of ${WATERMARK_POSITIONS.join(', ')}.`,
		);
	}
	// Checked whenever set, although only sent with a text: a wrong value is refused, not ignored.
	const watermarkColor = readWatermarkColor(this, itemIndex);
	const source = await binaryUploadSource(this, itemIndex, propertyName, fileName || undefined);
	const result = await storage.uploadFile(
		folderHash,
		source,
		{
			folderUploadKey: readText(this, 'options.folderUploadKey', itemIndex, 'Folder Upload Key') || undefined,
			watermarkText: watermarkText || undefined,
			watermarkPosition: watermarkText && watermarkPosition ? watermarkPosition : undefined,
			watermarkColor: watermarkText ? watermarkColor : undefined,
		},
		itemIndex,
		readIfNameExists(this, itemIndex),
	);
	return [jsonItem(result, itemIndex)];
};
