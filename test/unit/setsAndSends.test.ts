/**
 * The pure pieces of the sets and sends: a renamed name read back as Svc makes it (document 1: rename answers "the
 * final normalized unique name"), and which Tool → Call is which write (document 2's storage write tools).
 */
import { renamedAs } from '../../nodes/shared/services/storage/setWrites';
import { keptOfToolResult, toolWriteOf } from '../../nodes/shared/services/mcp/toolWrites';

it.each([
	// as Svc shows it, as asked, the rename done
	['final.txt', 'final.txt', true],
	['final report.txt', '  final:  report.txt ', true],
	['Café', 'Cafe\u0301', true],
	['final (1).txt', 'final.txt', true],
	['final.txt', 'other.txt', false],
	['FINAL.txt', 'final.txt', false],
	[undefined, 'final.txt', false],
] as const)('%s read back for a rename to %j: %s', (actual, requested, done) => {
	expect(renamedAs(actual, requested)).toBe(done);
});

it('maps documented storage write tools to their write, any other to a send', () => {
	expect(toolWriteOf('svc_create_folder', { parent_folder_hash: 'P', folder_name: 'A' })).toEqual({
		kind: 'createFolder',
		parent: 'P',
		name: 'A',
	});
	expect(toolWriteOf('svc_rename_file', { file_hash: 'F', file_name: 'b.txt' })).toEqual({
		kind: 'rename',
		entry: 'file',
		hash: 'F',
		name: 'b.txt',
	});
	expect(toolWriteOf('svc_move_folder', { folder_hash: 'D', target_folder_hash: 'T' })).toEqual({
		kind: 'move',
		entry: 'folder',
		hash: 'D',
		target: 'T',
	});
	const upload = toolWriteOf('svc_upload_file', {
		folder_hash: 'D',
		file_name: 'a.txt',
		content: 'aGk=',
		encoding: 'base64',
	});
	expect(upload).toMatchObject({ kind: 'upload', folder: 'D', name: 'a.txt' });
	expect(upload.kind === 'upload' && upload.bytes.toString()).toBe('hi');
	expect(
		toolWriteOf('svc_import_file', { folder_hash: 'D', file_name: 'a.pdf', source_url: 'https://x.example/a' }),
	).toEqual({
		kind: 'import',
		folder: 'D',
		name: 'a.pdf',
		source: { sourceUrl: 'https://x.example/a' },
	});
	// What the endpoint would refuse, and any tool it does not document, is sent as it is: once.
	expect(
		toolWriteOf('svc_upload_file', { folder_hash: 'D', file_name: 'a', content: '%%', encoding: 'base64' }).kind,
	).toBe('send');
	expect(toolWriteOf('svc_dvs_add_comment', { dvs_document_id: 1, comment: 'x' }).kind).toBe('send');
	expect(toolWriteOf('other_server_tool', {}).kind).toBe('send');
});

it('keeps no key, token or secret of a tool result in a record', () => {
	expect(
		keptOfToolResult({ status: 'created', item: { hash: 'H', upload_key: 'k', name: 'n' }, access_token: 't' }),
	).toEqual({ status: 'created', item: { hash: 'H', name: 'n' } });
});
