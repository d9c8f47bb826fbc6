/** The Svc DVS node's operations, each once (operationCases.ts). */
import { byId } from '../harness';
import type { OperationCase, OtherWriter } from '../operationCases';
import type { ServiceSimulator } from '../simulator';
import type { SeedUser } from '../simulator/dvs';
import { insertComment, insertDocument, insertTask } from '../simulator/dvs/direct';
import type { BadAnswerBody } from '../simulator/types';
import { carries, fresh, mapper, textFile } from './places';
import { otherBytes } from './storage';

const dvsCase = (c: Omit<OperationCase, 'node'>): OperationCase => ({ node: 'SvcDvs', ...c });

/** A DVS action and the MCP tool that mirrors it. */
const both = (action: string, tool: string, documented?: BadAnswerBody[]) => ({
	rest: { action, ...(documented ? { documented } : {}) },
	mcp: { tool },
});

const orgA = (sim: ServiceSimulator) => sim.dvs.seed.orgA;

/** The user who makes theirs: another of the organization, or the node's own user from elsewhere. */
const by = (writer: OtherWriter, own: SeedUser, other: SeedUser) => (writer === 'another account' ? other : own).id;

/** The moment `secondsAgo` before the DVS store's now. */
const ago = (sim: ServiceSimulator, secondsAgo: number) => sim.dvs.store.clock() - secondsAgo * 1000;

/** A register's reads, over the APIs that reach it. */
function registerReads(resource: string, documentId: (sim: ServiceSimulator) => number, mcp: boolean) {
	const answer = (action: string, tool: string) => (mcp ? both(action, tool) : { rest: { action } });
	return [
		dvsCase({
			resource,
			operation: 'get',
			parameters: (sim) => ({ documentId: byId(documentId(sim)) }),
			answers: answer('get_document', 'svc_dvs_get_document'),
		}),
		dvsCase({
			resource,
			operation: 'getMany',
			parameters: () => ({ limit: 5 }),
			answers: answer('get_documents', 'svc_dvs_list_documents'),
		}),
		dvsCase({
			resource,
			operation: 'getFields',
			parameters: () => ({}),
			answers: answer('get_fields', 'svc_dvs_get_fields'),
		}),
	];
}

export const DVS_CASES: OperationCase[] = [
	dvsCase({
		resource: 'task',
		operation: 'create',
		parameters(sim) {
			const a = orgA(sim);
			return {
				project: byId(a.projects.website),
				fields: mapper({
					name: `Schema task ${fresh()}`,
					dropdown_status: a.options.taskStatus['In progress'],
					responsible: String(a.users.worker.id),
					followers: [a.users.admin.id, a.users.worker.id],
					date_due: '2027-01-31',
					estimated_hours: 4,
					customer_reference: 'SCHEMA-1',
				}),
			};
		},
		answers: both('create_document', 'svc_dvs_create_task'),
		marked(sim) {
			const a = orgA(sim);
			return {
				parameters: (marker) => ({
					project: byId(a.projects.website),
					fields: mapper({ name: marker, followers: `${a.users.worker.id}` }),
				}),
				count: (marker) =>
					sim.dvs.store.documents(a.orgId, 'task').filter((task) => task.values.name === marker).length,
				theirs: (marker, writer, secondsAgo, holding) =>
					insertTask(sim.dvs.store, {
						orgId: a.orgId,
						creatorId: by(writer, a.users.admin, a.users.worker),
						createdAt: ago(sim, secondsAgo),
						values: {
							dvs_project_id: a.projects.website,
							name: marker,
							followers: holding === 'other content' ? [a.users.admin.id] : [a.users.worker.id],
						},
					}).id,
			};
		},
	}),
	// An update is applied again, never duplicated: chaos counts the task holding the marker (never more than one).
	dvsCase({
		resource: 'task',
		operation: 'update',
		parameters: (sim) => ({
			documentId: byId(orgA(sim).tasks.design),
			fields: mapper({ customer_reference: `SCHEMA-${fresh()}` }),
		}),
		answers: both('update_document', 'svc_dvs_update_task'),
		marked(sim) {
			const taskId = orgA(sim).tasks.header;
			return {
				parameters: (marker) => ({ documentId: byId(taskId), fields: mapper({ name: marker }) }),
				count: (marker) => (sim.dvs.store.documentById(taskId)?.values.name === marker ? 1 : 0),
			};
		},
	}),
	...registerReads('task', (sim) => orgA(sim).tasks.design, true),
	dvsCase({
		resource: 'comment',
		operation: 'add',
		parameters: (sim) => ({ task: byId(orgA(sim).tasks.design), comment: `Schema comment ${fresh()}` }),
		answers: both('add_comment', 'svc_dvs_add_comment'),
		marked(sim) {
			const a = orgA(sim);
			const taskId = a.tasks.design;
			return {
				parameters: (marker) => ({ task: byId(taskId), comment: `Note ${marker}` }),
				count: (marker) =>
					sim.dvs.store.comments(taskId).filter((comment) => comment.storedHtml.includes(marker)).length,
				theirs: (marker, writer, secondsAgo, holding) =>
					insertComment(sim.dvs.store, {
						taskId,
						authorId: by(writer, a.users.admin, a.users.worker),
						text: holding === 'other content' ? `Note ${marker} (theirs)` : `Note ${marker}`,
						createdAt: ago(sim, secondsAgo),
					}).id,
			};
		},
	}),
	dvsCase({
		resource: 'comment',
		operation: 'getMany',
		parameters: (sim) => ({ task: byId(orgA(sim).tasks.design), returnAll: true }),
		answers: both('get_comments', 'svc_dvs_get_comments'),
	}),
	// The MCP endpoint refuses a taken attachment name: each run attaches a name of its own.
	dvsCase({
		resource: 'attachment',
		operation: 'upload',
		parameters: (sim) => ({ task: byId(orgA(sim).tasks.design), binaryPropertyName: 'data' }),
		input: () => textFile(`schema-${fresh()}.txt`, 'content of schema.txt'),
		answers: both('upload_document_file', 'svc_dvs_upload_file'),
		marked(sim) {
			const a = orgA(sim);
			const { taskId, uploadHash } = a.attachedTask;
			const folder = () => sim.dvs.store.documentById(taskId)?.uploadHash;
			return {
				parameters: () => ({ task: byId(taskId), binaryPropertyName: 'data' }),
				input: (marker) => textFile(`${marker}.txt`, `attachment ${marker}`),
				count(marker) {
					const hash = folder();
					return hash ? sim.storage.listChildren(hash).filter((item) => carries(item.name, marker)).length : 0;
				},
				theirs(marker, writer, secondsAgo, holding) {
					const author = by(writer, a.users.admin, a.users.worker);
					const text = `attachment ${marker}`;
					const content = Buffer.from(holding === 'other content' ? otherBytes(text) : text);
					const options = { mimeType: 'text/plain', onConflict: 'rename' as const };
					const made = sim.storage.addFile(author, uploadHash, `${marker}.txt`, content, options);
					(made as { uploadedAt: number }).uploadedAt -= secondsAgo;
					return made.hash;
				},
			};
		},
	}),
	dvsCase({
		resource: 'attachment',
		operation: 'list',
		parameters: (sim) => ({ task: byId(orgA(sim).attachedTask.taskId) }),
		answers: { rest: { action: 'get_folder_content', documented: ['emptyArray'] } },
	}),
	...registerReads('project', (sim) => orgA(sim).projects.website, true),
	dvsCase({
		resource: 'user',
		operation: 'getAssignable',
		parameters: (sim) => ({ register: 'task', project: byId(orgA(sim).projects.website) }),
		answers: both('get_users', 'svc_dvs_get_users'),
	}),
	dvsCase({
		resource: 'user',
		operation: 'search',
		parameters: () => ({ pattern: 'an' }),
		answers: both('search_users', 'svc_dvs_search_users'),
	}),
	dvsCase({
		resource: 'contactPerson',
		operation: 'create',
		label: 'contact.create',
		parameters: () => ({ fields: mapper({ name: `Schema contact ${fresh()}` }) }),
		answers: { rest: { action: 'create_document' } },
		marked(sim) {
			const a = orgA(sim);
			return {
				parameters: (marker) => ({ fields: mapper({ name: marker, email: 'chaos@example.com' }) }),
				user: a.users.contacts,
				count: (marker) =>
					sim.dvs.store.documents(a.orgId, 'contact_person').filter((doc) => doc.values.name === marker).length,
				theirs: (marker, writer, secondsAgo, holding) =>
					insertDocument(sim.dvs.store, 'contact_person', {
						orgId: a.orgId,
						createdAt: ago(sim, secondsAgo),
						creatorId: by(writer, a.users.contacts, a.users.admin),
						values: { name: marker, email: holding === 'other content' ? 'theirs@example.com' : 'chaos@example.com' },
					}).id,
			};
		},
	}),
	dvsCase({
		resource: 'contactPerson',
		operation: 'update',
		parameters: (sim) => ({
			documentId: byId(Object.values(orgA(sim).contacts)[0]),
			fields: mapper({ name: 'Schema contact renamed' }),
		}),
		answers: { rest: { action: 'update_document' } },
	}),
	...registerReads('contactPerson', (sim) => Object.values(orgA(sim).contacts)[0], false),
	...registerReads('client', (sim) => Object.values(orgA(sim).clients)[0], false),
];
