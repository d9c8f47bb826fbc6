import type { RestAction } from '../restCatalogue';
import { REST } from '../restCatalogue';
import type { McpToolDescriptor } from './schemas';

/** What a tool does, which decides how it is sent, whether it is resent, and which deployment switch it needs. */
export type McpToolGroup = 'storageRead' | 'storageWrite' | 'docsRead' | 'dvsRead' | 'dvsWrite' | 'dvsUpload';

/** The DVS registers the MCP endpoint's DVS tools reach. */
export type McpDvsRegister = 'task' | 'project_2';

/** One tool of the MCP endpoint, by its documented name after the deployment's prefix. */
export interface McpTool {
	suffix: string;
	group: McpToolGroup;
	/** The result's content is the file itself (never read as protocol). */
	contentIsData?: boolean;
	/** The whole JSON request may be 16 MiB (the file goes inline), not 1 MB. */
	upload?: boolean;
	/** The DVS API action the tool mirrors and the registers it reaches, for get_fields' `actions`. */
	mirrors?: { action: RestAction; registers: McpDvsRegister[] };
}

/**
 * The deployment switches a group depends on (the MCP endpoint's names): which are off when one of its
 * tools is missing, which it needs, and the credential that does without them.
 */
export interface ToolSwitch {
	off: string;
	offSwitches: string[];
	needs: string[];
	whoNeeds: string;
	credential: string;
}

const DVS = 'SVC_MCP_DVS_ENABLED=1';
const DVS_WRITES = 'SVC_MCP_DVS_WRITES_ENABLED=1';
const WRITES = 'SVC_MCP_WRITES_ENABLED=1';

/** Each group: whether its tools write (sent once, uncertain on failure) and the switch it needs. */
const GROUPS: Record<McpToolGroup, { write: boolean; switch?: ToolSwitch }> = {
	storageRead: { write: false },
	docsRead: { write: false },
	storageWrite: {
		write: true,
		switch: {
			off: 'MCP writes',
			offSwitches: [WRITES],
			needs: [WRITES],
			whoNeeds: 'Storage write tools over MCP need',
			credential: 'Svc Storage API',
		},
	},
	dvsRead: {
		write: false,
		switch: {
			off: 'MCP DVS tools',
			offSwitches: [DVS],
			needs: [DVS],
			whoNeeds: 'DVS tools over MCP need',
			credential: 'Svc DVS API',
		},
	},
	dvsWrite: {
		write: true,
		switch: {
			off: 'MCP DVS writes',
			offSwitches: [DVS_WRITES],
			needs: [DVS, DVS_WRITES],
			whoNeeds: 'DVS task changes over MCP need',
			credential: 'Svc DVS API',
		},
	},
	dvsUpload: {
		write: true,
		switch: {
			off: 'MCP DVS writes or storage writes',
			offSwitches: [DVS_WRITES, WRITES],
			needs: [DVS, DVS_WRITES, WRITES],
			whoNeeds: 'Attaching files to tasks needs',
			credential: 'Svc DVS API',
		},
	},
};

const tool = (suffix: string, group: McpToolGroup, more: Partial<McpTool> = {}): McpTool => ({
	suffix,
	group,
	...more,
});
const BOTH: McpDvsRegister[] = ['task', 'project_2'];
const TASKS: McpDvsRegister[] = ['task'];
const dvs = (suffix: string, group: McpToolGroup, action: RestAction, registers: McpDvsRegister[]): McpTool =>
	tool(suffix, group, { mirrors: { action, registers } });

/** Every tool of the MCP endpoint the node calls by name, one row each. */
export const MCP_TOOLS = {
	getRootFolder: tool('get_root_folder', 'storageRead'),
	listFolder: tool('list_folder', 'storageRead'),
	getFolderInfo: tool('get_folder_info', 'storageRead'),
	getFileInfo: tool('get_file_info', 'storageRead'),
	readFile: tool('read_file', 'storageRead', { contentIsData: true }),
	searchFiles: tool('search_files', 'storageRead'),
	searchDocs: tool('search_docs', 'docsRead'),
	getDoc: tool('get_doc', 'docsRead'),
	createFolder: tool('create_folder', 'storageWrite'),
	uploadFile: tool('upload_file', 'storageWrite', { upload: true }),
	importFile: tool('import_file', 'storageWrite'),
	renameFile: tool('rename_file', 'storageWrite'),
	renameFolder: tool('rename_folder', 'storageWrite'),
	moveFile: tool('move_file', 'storageWrite'),
	moveFolder: tool('move_folder', 'storageWrite'),
	dvsGetFields: dvs('dvs_get_fields', 'dvsRead', REST.getFields, BOTH),
	dvsGetUsers: dvs('dvs_get_users', 'dvsRead', REST.getUsers, BOTH),
	dvsSearchUsers: dvs('dvs_search_users', 'dvsRead', REST.searchUsers, TASKS),
	dvsGetDocument: dvs('dvs_get_document', 'dvsRead', REST.getDocument, BOTH),
	dvsListDocuments: dvs('dvs_list_documents', 'dvsRead', REST.getDocuments, BOTH),
	dvsGetComments: dvs('dvs_get_comments', 'dvsRead', REST.getComments, TASKS),
	dvsCreateTask: dvs('dvs_create_task', 'dvsWrite', REST.createDocument, TASKS),
	dvsUpdateTask: dvs('dvs_update_task', 'dvsWrite', REST.updateDocument, TASKS),
	dvsAddComment: dvs('dvs_add_comment', 'dvsWrite', REST.addComment, TASKS),
	dvsUploadFile: { ...dvs('dvs_upload_file', 'dvsUpload', REST.uploadDocumentFile, TASKS), upload: true },
} satisfies Record<string, McpTool>;

/** Every row of the catalogue. */
export const MCP_TOOL_ROWS: readonly McpTool[] = Object.values(MCP_TOOLS);

/** Whether a tool name is the tool of this row, whatever the deployment's prefix. */
export function isToolOf(name: string, row: McpTool): boolean {
	return name === row.suffix || name.endsWith(`_${row.suffix}`);
}

/** Whether the tool writes: sent once, never repeated by the client, uncertain on failure. */
export function toolWrites(row: McpTool): boolean {
	return GROUPS[row.group].write;
}

/**
 * Whether a tool only reads, so that sending it again changes nothing: as the server declares it
 * (`annotations.readOnlyHint`, either way), else as the MCP endpoint documents it (whatever the
 * deployment's prefix).
 */
export function isReadOnlyTool(name: string, descriptor?: McpToolDescriptor): boolean {
	const hint = descriptor?.annotations?.readOnlyHint;
	if (typeof hint === 'boolean') return hint;
	return MCP_TOOL_ROWS.some((row) => !toolWrites(row) && isToolOf(name, row));
}

/** The switch a missing tool depends on, by its suffix; any other DVS tool needs the DVS tools switch. */
export function switchOf(suffix: string): ToolSwitch | undefined {
	const row = MCP_TOOL_ROWS.find((candidate) => candidate.suffix === suffix);
	const group = row?.group ?? (suffix.startsWith('dvs_') ? 'dvsRead' : undefined);
	return group && GROUPS[group].switch;
}

/** Whether a tools/call request may carry a file inline (the larger request limit). */
export function isUploadTool(name: string): boolean {
	return MCP_TOOL_ROWS.some((row) => row.upload === true && isToolOf(name, row));
}
