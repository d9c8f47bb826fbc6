import { randomBytes, randomInt } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function randomString(alphabet: string, length: number): string {
	let out = '';
	for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)];
	return out;
}

/** Folder and file hashes: base62 of 10 to 24 characters, so clients cannot rely on a length. */
export function randomHash(): string {
	return randomString(BASE62, randomInt(10, 25));
}

/** Edit, upload and delete keys: 32 lowercase hex characters. */
export function randomKey(): string {
	return randomBytes(16).toString('hex');
}

/** PHP-style session id: 26 characters of [a-z0-9]. */
export function randomSessionId(): string {
	return randomString('abcdefghijklmnopqrstuvwxyz0123456789', 26);
}

/** Opaque token for access tokens, Google tokens and Apple codes. */
export function randomToken(): string {
	return randomBytes(24).toString('base64url');
}

/** Name given to a folder or file whose requested name is missing or normalizes to nothing. */
export function randomItemName(kind: 'folder' | 'file'): string {
	return `${kind === 'folder' ? 'Folder' : 'File'} ${randomString('abcdefghijklmnopqrstuvwxyz0123456789', 8)}`;
}
