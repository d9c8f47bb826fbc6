import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { parameterOf, readInteger, readText, refuseInput } from '../../../shared/execution/parameters';

export const userIdProperty: INodeProperties = {
	displayName: 'User ID',
	name: 'userId',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: 0,
	required: true,
	description: 'Numeric ID of the account (see Account > Get User Data)',
};

/*
 * The key and hash fields are opaque: sent exactly as given, never length-checked (the storage API).
 */

export const fileHashProperty: INodeProperties = {
	displayName: 'File Hash',
	name: 'fileHash',
	type: 'string',
	default: '',
	required: true,
	description: 'Hash of the encrypted file',
};

export const uploadHashProperty: INodeProperties = {
	displayName: 'Upload Hash',
	name: 'uploadHash',
	type: 'string',
	default: '',
	required: true,
	description: 'Hash of the encrypted upload (folder)',
};

/** The wrapped content key a Save operation stores (its description says whose). */
export const encryptionKeyProperty: INodeProperties = {
	displayName: 'Encryption Key',
	name: 'encryptionKey',
	type: 'string',
	default: '',
	required: true,
	description: 'The wrapped content key',
};

export const keySignatureProperty: INodeProperties = {
	displayName: 'Key Signature',
	name: 'keySignature',
	type: 'string',
	default: '',
	required: true,
	description: 'Signature of the wrapped key',
};

export const isEncryptedFolderProperty: INodeProperties = {
	displayName: 'Is Encrypted Folder',
	name: 'isEncryptedFolder',
	type: 'boolean',
	default: false,
	description: 'Whether to fetch the key created by the user who encrypted the folder',
};

export function readUserId(ctx: IExecuteFunctions, itemIndex: number): number {
	return readInteger(ctx, 'userId', itemIndex, 'User ID', { min: 1 });
}

/** A hash: opaque, but never has spaces, so whitespace around a pasted value is dropped. */
export function readHash(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	return readText(ctx, name, itemIndex, label, { required: true });
}

/**
 * A key, key signature or file signature: sent exactly as given (the storage API: no length validation
 * on the client side; a PEM block's line breaks are part of it). Only a value that is empty or all
 * whitespace is refused (required) or left out (optional).
 */
export function readKey(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
	label: string,
	required = true,
): string | undefined {
	const raw = parameterOf(ctx, name, itemIndex, '');
	const value = raw === undefined || raw === null ? '' : typeof raw === 'string' ? raw : String(raw);
	if (value.trim()) return value;
	if (required) refuseInput(ctx, itemIndex, `The parameter "${label}" is empty`, `Enter a value for "${label}".`);
	return undefined;
}
