/**
 * A multipart body that streams file parts instead of holding them in memory.
 *
 * n8n's request layer hands a body it does not recognize as the `form-data` package to axios
 * unchanged; axios recognizes a spec-compliant FormData (by its `append`, iterator and
 * `FormData` tag) and encodes it as a stream, reading each Blob-like part through `stream()`
 * and computing Content-Length from the parts' `size`. So a part only needs a name, a type,
 * an exact size and a stream; nothing here imports a runtime dependency.
 */
export interface StreamedFilePart {
	readonly name: string;
	readonly type: string;
	readonly size: number;
	stream(): AsyncIterable<Uint8Array>;
}

type FormValue = string | StreamedFilePart;

export function streamedFile(
	fileName: string,
	mimeType: string,
	size: number,
	open: () => AsyncIterable<Uint8Array>,
): StreamedFilePart {
	return { name: fileName, type: mimeType || 'application/octet-stream', size, stream: open };
}

export class StreamingFormData {
	private readonly parts: Array<[string, FormValue]> = [];

	get [Symbol.toStringTag](): string {
		return 'FormData';
	}

	append(name: string, value: FormValue): void {
		this.parts.push([name, value]);
	}

	has(name: string): boolean {
		return this.parts.some(([partName]) => partName === name);
	}

	entries(): IterableIterator<[string, FormValue]> {
		return this.parts[Symbol.iterator]();
	}

	[Symbol.iterator](): IterableIterator<[string, FormValue]> {
		return this.entries();
	}
}
