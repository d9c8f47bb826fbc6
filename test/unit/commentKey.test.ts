/**
 * commentKey: two comments a read-back could take for each other have the same key, so only they go one after
 * another (the executor's claim). Checked over every pair of a set of texts made of entities, line breaks and
 * markup, against each form a comment may be read back in (document 3: "html (sanitized and decoded)"; a server
 * that returns it still escaped, or with `<br>` for line breaks).
 */
import { commentKey, readings, sentCommentText } from '../../nodes/shared/services/dvs/commentText';
import { commentOutput, escapeHtml } from '../../devkit/simulator/dvs/html';

const PIECES = ['&', 'amp;', 'lt;', '#38;', '#x26;', 'nbsp;', '<', 'br>', ';', ' ', '\n', 'a'];

/** Every text of one to three pieces. */
function texts(): string[] {
	const all: string[] = [...PIECES];
	for (const first of PIECES) for (const second of PIECES) all.push(first + second);
	for (const first of PIECES) for (const second of PIECES) for (const third of PIECES) all.push(first + second + third);
	return all.filter((text) => text.trim() !== '');
}

function readBackForms(sent: string): string[] {
	const stored = escapeHtml(sent.trim());
	const read = commentOutput(stored);
	return [read, stored, read.replace(/\n/g, '<br>')];
}

it('gives the same key to every two texts a read-back could take for each other', () => {
	const all = texts();
	const keys = new Map(all.map((text) => [text, commentKey(text)]));
	// isSameCommentText(html, text) is readings(html).includes(sentCommentText(text)): the texts by that form.
	const bySentForm = new Map<string, string[]>();
	for (const text of all)
		bySentForm.set(sentCommentText(text), [...(bySentForm.get(sentCommentText(text)) ?? []), text]);
	const confused: string[] = [];
	let matches = 0;
	for (const written of all)
		for (const html of readBackForms(written))
			for (const other of readings(html).flatMap((reading) => bySentForm.get(reading) ?? [])) {
				matches++;
				if (keys.get(other) !== keys.get(written))
					confused.push(`${JSON.stringify(written)} ~ ${JSON.stringify(other)}`);
			}
	expect(confused).toEqual([]);
	// Not only each text itself: texts that differ as sent match each other's read-back.
	expect(matches).toBeGreaterThan(all.length * 3);
});

it('gives different keys to texts no read-back confuses', () => {
	expect(commentKey('R & D')).toBe(commentKey('R &amp;amp; D'));
	expect(commentKey('note 1')).not.toBe(commentKey('note 2'));
	expect(commentKey('a<br>b')).toBe(commentKey('a \n b'));
});
