import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { AuthReportingResponse } from '../server';
import { fileDownload } from '../storage/v2/download';
import type { StorageStore } from '../storage/store';
import type { SimHandler } from '../types';

/** Where the simulator serves files too large to inline in `svc_read_file`. */
export const DOWNLOAD_PREFIX = '/mcp-download/';

/** Lifetime of a download link at timeScale 1. */
export const DOWNLOAD_LINK_SECONDS = 3600;

export type LinkCheck = 'ok' | 'expired' | 'invalid';

/**
 * Signed, expiring download links: `GET /mcp-download/<file_hash>?expires=<unix s>&sig=<hex>`.
 * The signature (HMAC-SHA256 with a per-simulator key over hash and expiry) is a capability
 * for one file, not a user credential: the link works without authentication, like a
 * pre-signed object-store URL, and the MCP layer hands it out only after its download check.
 */
export class DownloadLinks {
	private readonly key = randomBytes(32);

	constructor(
		private readonly now: () => number,
		/** Link lifetime in ms, read on every link (it follows the MCP timeScale). */
		private readonly lifetimeMs: () => number = () => DOWNLOAD_LINK_SECONDS * 1000,
	) {}

	/** A path relative to the base URL. */
	urlFor(fileHash: string): string {
		const expires = Math.ceil((this.now() + this.lifetimeMs()) / 1000);
		return `${DOWNLOAD_PREFIX}${encodeURIComponent(fileHash)}?expires=${expires}&sig=${this.sign(fileHash, expires)}`;
	}

	check(fileHash: string, expires: string | null, sig: string | null): LinkCheck {
		if (!expires || !/^\d{1,12}$/.test(expires) || !sig || !/^[0-9a-f]{64}$/.test(sig)) return 'invalid';
		const expected = Buffer.from(this.sign(fileHash, Number(expires)), 'hex');
		if (!timingSafeEqual(expected, Buffer.from(sig, 'hex'))) return 'invalid';
		return Number(expires) * 1000 <= this.now() ? 'expired' : 'ok';
	}

	/**
	 * GET only (405 otherwise). A bad signature or an expired link → 403; a file deleted since
	 * → 404; else the bytes as `download_file` sends them (Content-Type, Content-Length,
	 * Content-Disposition). The request log shows `auth: 'signedUrl'`.
	 */
	handler(storage: StorageStore): SimHandler {
		return async (req): Promise<AuthReportingResponse> => {
			if (req.method !== 'GET') return { status: 405, headers: { Allow: 'GET' }, body: '' };
			const hash = decodeURIComponent(req.path.slice(DOWNLOAD_PREFIX.length));
			const verdict = this.check(hash, req.query.get('expires'), req.query.get('sig'));
			if (verdict !== 'ok') {
				const message = verdict === 'expired' ? 'the download link has expired' : 'the download link is not valid';
				return { status: 403, json: { success: false, message }, auth: 'signedUrl' };
			}
			const file = storage.getFile(hash);
			if (!file)
				return { status: 404, json: { success: false, message: 'the file no longer exists' }, auth: 'signedUrl' };
			return { ...fileDownload(file), auth: 'signedUrl' };
		};
	}

	private sign(fileHash: string, expires: number): string {
		return createHmac('sha256', this.key).update(`${fileHash}\n${expires}`).digest('hex');
	}
}
