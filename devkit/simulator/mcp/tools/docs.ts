import { objectSchema, searchSchema } from './schemas';
import { docUri, docUrl, publishedDoc } from '../docs/corpus';
import { searchDocs } from '../docs/search';
import { READ_ANNOTATIONS, ToolError } from './types';
import type { PublicTool } from './types';

export const DOC_SEARCH_DEFAULT_LIMIT = 5;
export const DOC_SEARCH_MAX_LIMIT = 20;

const always = () => true;

/** A documentation tool: public, read-only, since 1.0, always enabled, in the docs rate bucket. */
function docsTool(tool: Omit<PublicTool, 'annotations' | 'since' | 'access' | 'enabled' | 'buckets'>): PublicTool {
	return {
		annotations: READ_ANNOTATIONS,
		since: '1.0',
		access: 'public',
		enabled: always,
		buckets: () => ['docs'],
		...tool,
	};
}

const searchDocsTool = docsTool({
	name: 'search_docs',
	title: 'Search documentation',
	description:
		'Public. Keyword search (not semantic) of the published API documentation; Latvian keywords such as mape, fails and ' +
		'augšupielāde are mapped to folder, file and upload. Results carry the public url and the svc-docs:// URI.',
	inputSchema: searchSchema(DOC_SEARCH_MAX_LIMIT, DOC_SEARCH_DEFAULT_LIMIT),
	outputSchema: {
		type: 'object',
		properties: {
			query: { type: 'string' },
			results: {
				type: 'array',
				items: {
					type: 'object',
					properties: {
						url: { type: 'string' },
						uri: { type: 'string' },
						title: { type: 'string' },
						snippet: { type: 'string' },
					},
					required: ['url', 'uri', 'title', 'snippet'],
				},
			},
		},
		required: ['query', 'results'],
	},
	async run(args, ctx) {
		const query = args.query as string;
		const hits = searchDocs(query, (args.limit as number | undefined) ?? DOC_SEARCH_DEFAULT_LIMIT);
		return {
			structured: {
				query,
				results: hits.map((h) => ({
					url: docUrl(h.doc, ctx.baseUrl),
					uri: docUri(h.doc),
					title: h.doc.title,
					snippet: h.snippet,
				})),
			},
		};
	},
});

const getDocTool = docsTool({
	name: 'get_doc',
	title: 'Get documentation',
	description: 'Public. The complete text of one published document (Markdown or OpenAPI) by its svc-docs:// URI.',
	inputSchema: objectSchema(
		{
			uri: {
				type: 'string',
				minLength: 1,
				description: 'svc-docs://<document_name> from svc_search_docs or resources/list',
			},
		},
		['uri'],
	),
	outputSchema: {
		type: 'object',
		properties: {
			uri: { type: 'string' },
			url: { type: 'string' },
			title: { type: 'string' },
			format: { enum: ['markdown', 'openapi'] },
			text: { type: 'string' },
		},
		required: ['uri', 'url', 'title', 'text'],
	},
	async run(args, ctx) {
		const doc = publishedDoc(args.uri as string);
		if (!doc)
			throw new ToolError(
				'not_found',
				`No published document at ${String(args.uri)}; only svc-docs://<document_name> URIs of published documents are readable`,
			);
		return {
			structured: {
				uri: docUri(doc),
				url: docUrl(doc, ctx.baseUrl),
				title: doc.title,
				format: doc.format,
				text: doc.text,
			},
		};
	},
});

export const docTools: PublicTool[] = [searchDocsTool, getDocTool];
