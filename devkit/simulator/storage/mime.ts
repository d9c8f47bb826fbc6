const MIME_TYPES: Record<string, string> = {
	pdf: 'application/pdf',
	txt: 'text/plain',
	csv: 'text/csv',
	md: 'text/markdown',
	html: 'text/html',
	htm: 'text/html',
	json: 'application/json',
	xml: 'application/xml',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	webp: 'image/webp',
	svg: 'image/svg+xml',
	bmp: 'image/bmp',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xls: 'application/vnd.ms-excel',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	ppt: 'application/vnd.ms-powerpoint',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	odt: 'application/vnd.oasis.opendocument.text',
	ods: 'application/vnd.oasis.opendocument.spreadsheet',
	zip: 'application/zip',
	gz: 'application/gzip',
	mp3: 'audio/mpeg',
	mp4: 'video/mp4',
	edoc: 'application/vnd.etsi.asic-e+zip',
	asice: 'application/vnd.etsi.asic-e+zip',
};

/** The file's last extension, lowercased, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
	const dot = name.lastIndexOf('.');
	return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Mime type from the file name's extension; unknown extensions are octet streams. */
export function mimeTypeFor(name: string): string {
	return MIME_TYPES[extensionOf(name)] ?? 'application/octet-stream';
}
