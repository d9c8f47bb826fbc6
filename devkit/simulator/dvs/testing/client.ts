/* eslint-disable @typescript-eslint/no-explicit-any -- this test reads service answers of every shape */
import { FormData, fetch, request } from 'undici';

export interface Credentials {
	user: string;
	token: string;
}

export interface DvsReply {
	status: number;
	/** Raw body text (error bodies must be empty). */
	text: string;
	/** Parsed JSON when the body is JSON. */
	json: any;
}

export interface UploadFile {
	field?: string;
	name: string;
	content: Buffer | string;
	type?: string;
}

const asReply = (status: number, text: string): DvsReply => {
	let json: unknown;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status, text, json };
};

/** An HTTP client independent of n8n's (undici), speaking document 3's wire format. */
export class DvsTestClient {
	constructor(private readonly baseUrl: string) {}

	async call(
		section: string,
		action: string,
		creds: Credentials | undefined,
		params: Record<string, unknown> = {},
	): Promise<DvsReply> {
		const body = creds ? { user: creds.user, user_access_token: creds.token, ...params } : params;
		return this.raw('POST', `/api_dvs/${section}/${action}`, JSON.stringify(body));
	}

	async raw(method: string, path: string, body?: string, contentType = 'application/json'): Promise<DvsReply> {
		const response = await request(`${this.baseUrl}${path}`, {
			method: method as 'POST',
			headers: body === undefined ? {} : { 'content-type': contentType },
			body,
		});
		return asReply(response.statusCode, await response.body.text());
	}

	async upload(
		creds: Credentials | undefined,
		fields: Record<string, string>,
		files: UploadFile[],
		path = '/api_dvs/task/upload_document_file',
	): Promise<DvsReply> {
		const form = new FormData();
		if (creds) {
			form.append('user', creds.user);
			form.append('user_access_token', creds.token);
		}
		for (const [name, value] of Object.entries(fields)) form.append(name, value);
		for (const file of files) {
			form.append(
				file.field ?? 'file',
				new Blob([file.content], { type: file.type ?? 'application/octet-stream' }),
				file.name,
			);
		}
		const response = await fetch(`${this.baseUrl}${path}`, { method: 'POST', body: form });
		return asReply(response.status, await response.text());
	}
}
