/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { Readable } from 'node:stream';

import type { SimResponse } from '../../types';
import { identify } from '../auth';
import type { StorageActions } from '../context';
import { fail, notPermitted } from '../http';
import type { StoredFile } from '../store';

const CHUNK_BYTES = 64 * 1024;

function contentDisposition(name: string): string {
	const asciiFallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
	return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function streamOf(content: Buffer): Readable {
	let offset = 0;
	return new Readable({
		read() {
			if (offset >= content.length) {
				this.push(null);
				return;
			}
			this.push(content.subarray(offset, offset + CHUNK_BYTES));
			offset += CHUNK_BYTES;
		},
	});
}

export function fileDownload(file: StoredFile): SimResponse {
	return {
		status: 200,
		headers: {
			'Content-Type': file.mimeType,
			'Content-Length': String(file.size),
			'Content-Disposition': contentDisposition(file.name),
		},
		body: streamOf(file.content),
	};
}

/**
 * LINK files download without credentials; PRIVATE files need the owner. Credentials that
 * are sent are always checked (invalid ones answer 401 even for LINK files). The status
 * list has no 400: a missing or unknown file_hash answers 405.
 */
export const downloadActions: StorageActions = {
	download_file(call) {
		const identification = identify(call);
		if (identification.status === 'rejected') return identification.response;
		const fileHash = call.params.text('file_hash');
		const file = fileHash ? call.services.storage.getFile(fileHash) : undefined;
		if (identification.status === 'absent') {
			if (file?.accessType === 'LINK') return fileDownload(file);
			return fail(401, 'authentication required');
		}
		if (!file) return notPermitted();
		if (file.accessType !== 'LINK' && !call.services.storage.canRead(identification.caller.account.id, file)) {
			return fail(403, 'access to this file is not permitted');
		}
		return fileDownload(file);
	},
};
