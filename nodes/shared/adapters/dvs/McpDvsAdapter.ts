import type { IDataObject } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { serviceError } from '../../transport/errors';
import type { ServiceContext } from '../../transport/http';
import type { McpClient } from '../../transport/mcp';
import type { McpDvsRegister, McpTool } from '../../transport/mcp/toolCatalogue';
import { isToolOf, MCP_TOOL_ROWS, MCP_TOOLS } from '../../transport/mcp/toolCatalogue';
import { listField, McpTools, objectField } from '../mcpTools';
import { DVS_UNAVAILABILITY, unavailable } from '../availability';
import { McpStorageAdapter } from '../storage/McpStorageAdapter';
import { MCP_UPLOAD_MAX_BYTES, readWhole } from '../storage/mcpFileContent';
import type { UploadSource } from '../storage/port';
import type { StorageDownload } from '../../transport/storageApi';
import type {
	DvsFieldDescriptor,
	DvsFieldValues,
	DvsListQuery,
	DvsPage,
	DvsSchema,
	DvsRegister,
	DvsUploadResult,
	DvsUser,
	DvsAdapter,
	DvsWriteResult,
} from './port';
import { actorOf, dvsPageOf } from './answerFields';
import { commentsArguments, listDocumentsArguments, searchUsersArguments } from './requestArguments';

type McpRegister = McpDvsRegister;

/** The registers the MCP endpoint's DVS tools reach (svc_dvs_*: tasks and projects). */
export const MCP_DVS_REGISTERS: readonly McpRegister[] = ['task', 'project_2'];

const UNCERTAIN_DESCRIPTION =
	'The change was submitted but not read back; the node reads the task before deciding anything.';

/**
 * The MCP endpoint's DVS tools as a DvsAdapter, with the DVS API's result shapes. Only the task and
 * project registers exist over MCP; contact persons and clients are refused with an explanation. An MCP
 * result with `status: "uncertain"` is an uncertain outcome (the change may have committed): the DVS
 * service reads the task back.
 */
export class McpDvsAdapter implements DvsAdapter {
	readonly kind = 'mcp' as const;

	/** svc_dvs_add_comment: "comment (up to 20000 characters)". */
	readonly maxCommentLength = 20000;

	readonly registers = MCP_DVS_REGISTERS;

	private readonly tools: McpTools;

	private readonly client: McpClient;

	/** Over the storage adapter of the same client: attachments are files in the task's folder. */
	constructor(
		private readonly ctx: ServiceContext,
		private readonly storageAdapter: McpStorageAdapter,
	) {
		this.tools = storageAdapter.tools;
		this.client = storageAdapter.client;
	}

	async close(): Promise<void> {
		await this.storageAdapter.close();
	}

	private reached(register: DvsRegister, itemIndex: number): McpRegister {
		if ((this.registers as readonly DvsRegister[]).includes(register)) return register as McpRegister;
		throw unavailable(this.ctx.getNode(), `The "${register}" register`, 'mcp', DVS_UNAVAILABILITY, itemIndex);
	}

	private async read(tool: McpTool, args: IDataObject, purpose: string, itemIndex: number): Promise<IDataObject> {
		return await this.tools.structured(tool, args, { purpose, itemIndex });
	}

	/**
	 * A DVS write, always settled by the services' executor; `status: "uncertain"` becomes an
	 * uncertain-outcome error so that it reads back before deciding (the MCP endpoint: "read the task
	 * before retrying").
	 */
	private write(
		tool: McpTool,
		args: IDataObject,
		purpose: string,
		itemIndex: number,
		leaving?: () => void,
	): Promise<IDataObject> {
		// Not async, nor are the writes below: a write's request stands on no frame of theirs.
		return this.tools
			.structured(tool, args, { purpose, itemIndex, leaving })
			.then((structured) => this.certain(structured, purpose, itemIndex));
	}

	/** A write's structured result, unless it says `status: "uncertain"`. */
	private certain(structured: IDataObject, purpose: string, itemIndex: number): IDataObject {
		if (structured.status === 'uncertain') {
			const said = typeof structured.message === 'string' ? ` (${structured.message})` : '';
			throw serviceError(
				this.ctx.getNode(),
				{
					message: `Svc's MCP endpoint could not confirm whether it managed to ${purpose}${said}`,
					description: UNCERTAIN_DESCRIPTION,
					itemIndex,
					uncertain: true,
				},
				[],
			);
		}
		return structured;
	}

	async getFields(register: DvsRegister, itemIndex: number): Promise<DvsSchema> {
		const mcpRegister = this.reached(register, itemIndex);
		const body = await this.read(MCP_TOOLS.getFields, { section: mcpRegister }, 'read the field list', itemIndex);
		return {
			fields: listField(body, 'fields').map((field) => {
				// `read_only` is the MCP schema's own flag; the REST descriptor has no such key.
				const descriptor = { ...field };
				delete descriptor.read_only;
				return descriptor;
			}) as unknown as DvsFieldDescriptor[],
			actions: await this.actionsOf(mcpRegister),
			...actorOf(objectField(body, 'actor')),
		};
	}

	/** The document-3 actions this endpoint's DVS tools offer for a register (tools/list). */
	private async actionsOf(register: McpRegister): Promise<string[]> {
		let names: string[];
		try {
			names = (await this.client.listTools()).map((tool) => String((tool as unknown as IDataObject).name ?? ''));
		} catch {
			return [];
		}
		const actions: string[] = [];
		for (const tool of MCP_TOOL_ROWS) {
			if (!tool.mirrors?.registers.includes(register)) continue;
			if (names.some((name) => isToolOf(name, tool))) actions.push(tool.mirrors.action.name);
		}
		return actions;
	}

	async getUsers(register: DvsRegister, projectId: number | undefined, itemIndex: number): Promise<DvsUser[]> {
		const mcpRegister = this.reached(register, itemIndex);
		const args: IDataObject = { section: mcpRegister };
		if (mcpRegister === 'task' && projectId !== undefined) args.dvs_project_id = projectId;
		const body = await this.read(MCP_TOOLS.getUsers, args, 'list the assignable users', itemIndex);
		return listField(body, 'users') as unknown as DvsUser[];
	}

	async searchUsers(
		query: { pattern: string; limit?: number; taskId?: number },
		itemIndex: number,
	): Promise<DvsUser[]> {
		const args = searchUsersArguments(query);
		const body = await this.read(MCP_TOOLS.searchUsers, args, 'search users', itemIndex);
		return listField(body, 'users') as unknown as DvsUser[];
	}

	async getDocument(register: DvsRegister, documentId: number, itemIndex: number): Promise<IDataObject> {
		const mcpRegister = this.reached(register, itemIndex);
		const body = await this.read(
			MCP_TOOLS.getDocument,
			{ section: mcpRegister, dvs_document_id: documentId },
			`read document ${documentId}`,
			itemIndex,
		);
		return objectField(body, 'document');
	}

	async listDocuments(register: DvsRegister, query: DvsListQuery, itemIndex: number): Promise<DvsPage> {
		const mcpRegister = this.reached(register, itemIndex);
		const args = { section: mcpRegister, ...listDocumentsArguments(query) };
		const body = await this.read(MCP_TOOLS.getDocuments, args, 'list documents', itemIndex);
		return dvsPageOf(body, query);
	}

	async getComments(taskId: number, page: { limit: number; offset: number }, itemIndex: number): Promise<DvsPage> {
		const body = await this.read(
			MCP_TOOLS.getComments,
			commentsArguments(taskId, page),
			`read the comments of task ${taskId}`,
			itemIndex,
		);
		return dvsPageOf(body, page);
	}

	/** The REST answer of create/update/comment: `{dvs_document_id}`. */
	/** A write's answer: the document's ID and, as the MCP endpoint reads its writes back, the document. */
	private documentId(structured: IDataObject, fallback: number): DvsWriteResult {
		const id = Number(structured.dvs_document_id ?? fallback);
		const { document } = structured;
		const shown = document && typeof document === 'object' && !Array.isArray(document) ? { document } : {};
		return { dvs_document_id: Number.isFinite(id) ? id : fallback, ...(shown as { document?: IDataObject }) };
	}

	sendCreate(
		_register: DvsRegister,
		values: DvsFieldValues,
		itemIndex: number,
		leaving?: () => void,
	): Promise<DvsWriteResult> {
		const args = { create_params: values as IDataObject };
		return this.write(MCP_TOOLS.createDocument, args, 'create the task', itemIndex, leaving).then((structured) =>
			this.documentId(structured, 0),
		);
	}

	sendUpdate(
		_register: DvsRegister,
		documentId: number,
		values: DvsFieldValues,
		itemIndex: number,
	): Promise<DvsWriteResult> {
		const args = { dvs_document_id: documentId, update_params: values as IDataObject };
		return this.write(MCP_TOOLS.updateDocument, args, `update task ${documentId}`, itemIndex).then((structured) =>
			this.documentId(structured, documentId),
		);
	}

	sendComment(taskId: number, comment: string, itemIndex: number, leaving?: () => void): Promise<DvsWriteResult> {
		const args = { dvs_document_id: taskId, comment };
		const purpose = `comment on task ${taskId}`;
		return this.write(MCP_TOOLS.addComment, args, purpose, itemIndex, leaving).then((structured) =>
			this.documentId(structured, taskId),
		);
	}

	/**
	 * Attachments go inline (the MCP endpoint: up to 10 MiB), so the file is read whole, once, before the first
	 * attempt.
	 */
	async prepareUpload(
		taskId: number,
		source: UploadSource,
		itemIndex: number,
	): Promise<(leaving?: () => void) => Promise<DvsUploadResult>> {
		const tooLarge = (size: number): never => {
			throw new NodeOperationError(
				this.ctx.getNode(),
				`The file is too large for Svc's MCP endpoint (${(size / 1024 / 1024).toFixed(1)} MiB; the limit is 10 MiB)`,
				{
					itemIndex,
					description:
						'The MCP endpoint accepts attachments of at most 10 MiB sent inline. Use the Svc DVS API ' +
						'credential for larger files.',
				},
			);
		};
		const content = (await readWhole(source, MCP_UPLOAD_MAX_BYTES, tooLarge)).toString('base64');
		const args = { dvs_document_id: taskId, file_name: source.fileName, content, encoding: 'base64' };
		const purpose = `attach "${source.fileName}" to task ${taskId}`;
		return (leaving) =>
			this.write(MCP_TOOLS.uploadDocumentFile, args, purpose, itemIndex, leaving).then((structured) => {
				const file = objectField(structured, 'file');
				return { file_hash: String(file.hash ?? ''), upload_hash: String(structured.upload_hash ?? '') };
			});
	}

	async listAttachmentFolder(uploadHash: string, _taskId: number, itemIndex: number): Promise<IDataObject[]> {
		return await this.storageAdapter.listFolder(uploadHash, {}, itemIndex);
	}

	async downloadAttachment(fileHash: string, _taskId: number, itemIndex: number): Promise<StorageDownload> {
		return await this.storageAdapter.downloadFile(fileHash, itemIndex);
	}
}
