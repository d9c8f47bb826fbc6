/** The one base64 reader (document 2, rule 3: standard padded base64, no whitespace or data-URL prefix). */
import { decodeBase64 } from '../../nodes/shared/transport/base64';

it.each([
	['QUJD', '414243'],
	['QUI=', '4142'],
	['QQ==', '41'],
	['', ''],
])('reads %j', (text, hex) => {
	expect(decodeBase64(text)?.toString('hex')).toBe(hex);
});

it.each(['QQ==QQ==', 'QU JD', 'QUJD\n', 'QU-D', 'QU_D', 'QUJ', '====', 'A===', 'QUJD====', 'QUJD!!!!', 'data:QUJD'])(
	'refuses %j',
	(text) => {
		expect(decodeBase64(text)).toBeUndefined();
	},
);

it('reads a 50 MB blob in one pass (a regular expression over it overflows the stack)', () => {
	const bytes = Buffer.alloc(50 * 1024 * 1024, 7);
	expect(decodeBase64(bytes.toString('base64'))?.equals(bytes)).toBe(true);
});
