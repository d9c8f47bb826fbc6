import type { Params } from './params';
import type { Watermark, WatermarkPosition } from './store';

/** The standard antivirus test string: any upload containing it is answered 490. */
export const EICAR_TEST_STRING = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';

const EICAR_BYTES = Buffer.from(EICAR_TEST_STRING, 'latin1');

export function containsVirus(content: Buffer): boolean {
	return content.includes(EICAR_BYTES);
}

/** Extensions of documents, images and media a user would expect to open safely. */
const HARMLESS_LOOKING_EXTENSIONS = new Set([
	'pdf',
	'doc',
	'docx',
	'xls',
	'xlsx',
	'ppt',
	'pptx',
	'odt',
	'ods',
	'odp',
	'rtf',
	'txt',
	'csv',
	'jpg',
	'jpeg',
	'png',
	'gif',
	'bmp',
	'tif',
	'tiff',
	'webp',
	'heic',
	'svg',
	'mp3',
	'mp4',
	'mov',
	'avi',
	'wav',
	'zip',
	'edoc',
	'asice',
]);

/** Extensions that run code when opened. */
const EXECUTABLE_EXTENSIONS = new Set([
	'exe',
	'com',
	'bat',
	'cmd',
	'scr',
	'pif',
	'msi',
	'msp',
	'cpl',
	'dll',
	'js',
	'jse',
	'vbs',
	'vbe',
	'wsf',
	'wsh',
	'ps1',
	'jar',
	'hta',
	'lnk',
	'reg',
	'sh',
	'app',
	'apk',
]);

/**
 * The 491 rule: the last extension is executable and the one before it is a document, image
 * or media type (`invoice.pdf.exe`). `archive.tar.gz` or `report.v2.pdf` pass.
 */
export function hasDoubleExtension(name: string): boolean {
	const parts = name.toLowerCase().split('.');
	if (parts.length < 3) return false;
	const last = parts[parts.length - 1].trim();
	const beforeLast = parts[parts.length - 2].trim();
	return EXECUTABLE_EXTENSIONS.has(last) && HARMLESS_LOOKING_EXTENSIONS.has(beforeLast);
}

const WATERMARK_POSITIONS: readonly WatermarkPosition[] = ['TOP_LEFT', 'TOP_RIGHT', 'BOTTOM_LEFT', 'BOTTOM_RIGHT'];

export const DEFAULT_WATERMARK_COLOR = 'F0FF3C';

export const DEFAULT_WATERMARK_POSITION: WatermarkPosition = 'BOTTOM_RIGHT';

export const MAX_WATERMARK_TEXT_LENGTH = 200;

/**
 * Reads the watermark fields. Position and color are validated whenever sent; the result is
 * undefined when there is no text or the file is not JPG/PNG (the watermark is then ignored).
 */
export function readWatermark(params: Params, fileName: string): { watermark?: Watermark } | { error: string } {
	const position = params.text('watermark_position');
	const color = params.text('watermark_color');
	const text = params.text('watermark_text');
	if (position !== undefined && !WATERMARK_POSITIONS.includes(position as WatermarkPosition)) {
		return { error: `watermark_position must be one of ${WATERMARK_POSITIONS.join(', ')}` };
	}
	if (color !== undefined && !/^[0-9a-fA-F]{6}$/.test(color)) {
		return { error: 'watermark_color must be six hexadecimal digits, e.g. F0FF3C' };
	}
	if (text !== undefined && [...text].length > MAX_WATERMARK_TEXT_LENGTH) {
		return { error: `watermark_text must be at most ${MAX_WATERMARK_TEXT_LENGTH} characters` };
	}
	if (text === undefined || !/\.(jpe?g|png)$/i.test(fileName)) return {};
	return {
		watermark: {
			text,
			position: (position as WatermarkPosition | undefined) ?? DEFAULT_WATERMARK_POSITION,
			color: (color ?? DEFAULT_WATERMARK_COLOR).toUpperCase(),
		},
	};
}
