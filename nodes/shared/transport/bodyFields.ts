import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { StreamingFormData } from './multipart';

type Body = IHttpRequestOptions['body'];

/**
 * Whether a body can take fields beside its own: a form, multipart, an object, or nothing (not raw bytes, a
 * stream or text).
 */
function canCarryFields(body: Body): boolean {
	if (body instanceof URLSearchParams || body instanceof StreamingFormData) return true;
	if (body === undefined || body === null || body === '') return true;
	return (
		typeof body === 'object' &&
		!Array.isArray(body) &&
		!Buffer.isBuffer(body) &&
		typeof (body as { pipe?: unknown }).pipe !== 'function'
	);
}

/**
 * A copy of a request body with extra fields in front, whatever form the body takes:
 * URL-encoded, multipart (fields first, so a streaming server sees them before the file),
 * or a plain object (JSON, or URL-encoded by the content type).
 */
function bodyWithFields(body: Body, fields: Record<string, string>): Body {
	if (body instanceof URLSearchParams) {
		const copy = new URLSearchParams(fields);
		for (const [name, value] of body) copy.append(name, value);
		return copy;
	}
	if (body instanceof StreamingFormData) return body.withFields(fields);
	if (body === undefined || body === null || body === '') return { ...fields };
	return { ...fields, ...(body as IDataObject) };
}

/** A `form-data` encoder, as the HTTP Request node builds a multipart body from its version 4.2 on. */
interface MultipartEncoder {
	append(name: string, value: string): void;
	getBoundary(): string;
}

function isMultipartEncoder(value: unknown): value is MultipartEncoder {
	const candidate = value as Partial<MultipartEncoder> | null | undefined;
	return typeof candidate?.append === 'function' && typeof candidate.getBoundary === 'function';
}

/** Encoders already given the fields (a request signed again on a retry gets them once). */
const SIGNED = new WeakSet<object>();

/**
 * The fields appended to an encoder the node built: its parts can be added to, not reordered, so the
 * fields follow the file (the service parses the whole body before it authenticates).
 */
function appendOnce(encoder: MultipartEncoder, fields: Record<string, string>): void {
	if (SIGNED.has(encoder)) return;
	for (const [name, value] of Object.entries(fields)) encoder.append(name, value);
	SIGNED.add(encoder);
}

/**
 * Request options carrying the credential's fields in their body, whichever way the body travels: our
 * nodes' `body`; n8n's HTTP Request node's legacy `form` (form-urlencoded) and `formData` (multipart:
 * a field map before its version 4.2, fields first; a `form-data` encoder from 4.2 on). A raw body (bytes, a
 * stream, text)
 * has no place for them: `refusal` says what to do instead.
 */
export function withBodyFields(
	requestOptions: IHttpRequestOptions,
	fields: Record<string, string>,
	refusal: string,
): IHttpRequestOptions {
	const legacy = requestOptions as IHttpRequestOptions & { form?: unknown; formData?: unknown };
	if (legacy.form && typeof legacy.form === 'object')
		return { ...requestOptions, form: { ...legacy.form, ...fields } } as IHttpRequestOptions;
	if (isMultipartEncoder(legacy.formData)) {
		appendOnce(legacy.formData, fields);
		return requestOptions;
	}
	if (legacy.formData && typeof legacy.formData === 'object')
		return { ...requestOptions, formData: { ...fields, ...legacy.formData } } as IHttpRequestOptions;
	if (!canCarryFields(requestOptions.body)) throw new Error(refusal);
	return { ...requestOptions, body: bodyWithFields(requestOptions.body, fields) };
}
