import { fetchImportSource } from '../importSource';
import { checkItemName, mimeTypeFor } from './content';
import { hashArg, nameArg, objectSchema } from './schemas';
import { writeTool } from './storageWrite';
import { ToolError } from './types';
import { destinationFolder, newFile, writeResult } from './writeHelpers';

export const importFile = writeTool({
	name: 'import_file',
	title: 'Import file',
	description:
		'Adds a new file fetched from exactly one of source_url (public HTTPS, port 443, no credentials or fragment, up to 3 redirects, ' +
		'100 MiB, 60 seconds) or a file object (download_url and file_id required). file_name is the destination name; ' +
		'MIME metadata of the attachment is not trusted. Local and file:// paths cannot be opened.',
	inputSchema: objectSchema(
		{
			folder_hash: hashArg('Destination folder hash'),
			file_name: nameArg('Destination file name'),
			source_url: { type: 'string', minLength: 1, description: 'Public HTTPS URL' },
			file: {
				type: 'object',
				properties: {
					download_url: { type: 'string', minLength: 1 },
					file_id: { type: 'string', minLength: 1, description: 'Client reference, not a stored hash or credential' },
					mime_type: { type: 'string' },
					file_name: { type: 'string' },
				},
				required: ['download_url', 'file_id'],
				additionalProperties: false,
			},
		},
		['folder_hash', 'file_name'],
	),
	meta: { 'openai/fileParams': ['file'] },
	buckets: () => ['writes', 'imports'],
	async run(args, ctx) {
		const hasUrl = args.source_url !== undefined;
		const hasFile = args.file !== undefined;
		if (hasUrl === hasFile) throw new ToolError('invalid_argument', 'Give exactly one of source_url or file');
		const folder = destinationFolder(ctx, args.folder_hash as string);
		const name = checkItemName(args.file_name as string, 'file_name');
		const url = hasUrl ? (args.source_url as string) : (args.file as { download_url: string }).download_url;
		const bytes = await fetchImportSource(url, ctx.state);
		return writeResult('created', newFile(ctx, folder, name, bytes, mimeTypeFor(name)));
	},
});
