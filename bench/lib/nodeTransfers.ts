/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- this file runs in Node under the bench tools, never inside n8n */
/**
 * A large file up and down through the Svc Storage node or n8n's own HTTP Request node (n8n-nodes-base
 * from the n8n install), through the harness's engine and binary store, against the simulator process.
 * The HTTP Request node is built as a user without this package builds it: no credential, the sign-in fields
 * (`user`, `user_access_token`) typed in beside the API's own, in the form body of a download and the multipart
 * body of an upload.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';

import type { INodeParameters, INodeType, IVersionedNodeType } from 'n8n-workflow';

import { n8nModules } from '../../devkit/n8n/runtime';
import { loadPackage, removeBinaryData, runNode, type BinaryMode, type CredentialsMap } from '../../devkit/harness';
import { measure, PRO, type SimulatorProcess, type Timed } from './transfer';

export type Peer = 'svc' | 'httpRequest';

export interface Transfers {
	upload(peer: Peer, file: string, mode: BinaryMode): Promise<Timed & { fileHash: string }>;
	download(peer: Peer, fileHash: string, sha: string, mode: BinaryMode): Promise<Timed & { intact: boolean }>;
	/** Deletes an uploaded file the bench will not download. */
	remove(fileHash: string): void;
}

/** Makes n8n's HTTP Request node runnable in the harness. */
export function loadHttpRequestNode(): void {
	const { HttpRequest } = require(
		join(n8nModules(), 'n8n-nodes-base', 'dist', 'nodes', 'HttpRequest', 'HttpRequest.node.js'),
	) as { HttpRequest: new () => INodeType | IVersionedNodeType };
	loadPackage().nodeTypes.add('n8n-nodes-base.httpRequest', new HttpRequest());
}

export function transfers(sim: SimulatorProcess): Transfers {
	const credentials: CredentialsMap = {
		svcStorageApi: { baseUrl: sim.baseUrl, authMethod: 'accessToken', user: PRO.user, accessToken: PRO.token },
	};
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	// The node phase: the node's own run time as n8n records it, without the start node that puts the
	// file into the binary store first.
	const nodePhase = async (type: string, parameters: INodeParameters, mode: BinaryMode, file?: string) => {
		let seconds = 0;
		const input = file
			? [{ json: {}, binary: { data: { data: file, fileName: 'large.bin', mimeType: 'application/octet-stream' } } }]
			: undefined;
		// Each run starts on a simulator without the last run's garbage (a 1 GiB upload leaves its parts behind).
		sim.collectGarbage();
		const measured = await measure(async () => {
			const run = await runNode({
				type,
				typeVersion: type.endsWith('httpRequest') ? 4.2 : undefined,
				parameters,
				credentials,
				binaryMode: mode,
				input,
			});
			if (run.error) throw new Error(`${type}: ${run.error.message}`);
			seconds = (run.executionTimeMs ?? 0) / 1000;
			return run;
		});
		return { seconds, peakRssGrowthMb: measured.peakRssGrowthMb, run: measured.result };
	};
	const uploadParameters = (peer: Peer, folderHash: string): [string, INodeParameters] =>
		peer === 'svc'
			? [
					'n8n-nodes-svc.svcStorage',
					{ resource: 'file', operation: 'upload', folder: byId(folderHash), binaryPropertyName: 'data' },
				]
			: [
					'n8n-nodes-base.httpRequest',
					{
						method: 'POST',
						url: `${sim.baseUrl}/api_v2/upload_file`,
						sendBody: true,
						contentType: 'multipart-form-data',
						bodyParameters: {
							parameters: [
								{ parameterType: 'formData', name: 'user', value: PRO.user },
								{ parameterType: 'formData', name: 'user_access_token', value: PRO.token },
								{ parameterType: 'formData', name: 'folder_hash', value: folderHash },
								{ parameterType: 'formBinaryData', name: 'file', inputDataFieldName: 'data' },
							],
						},
						options: {},
					},
				];
	const downloadParameters = (peer: Peer, fileHash: string): [string, INodeParameters] =>
		peer === 'svc'
			? [
					'n8n-nodes-svc.svcStorage',
					{ resource: 'file', operation: 'download', file: byId(fileHash), binaryPropertyName: 'data' },
				]
			: [
					'n8n-nodes-base.httpRequest',
					{
						method: 'POST',
						url: `${sim.baseUrl}/api_v2/download_file`,
						sendBody: true,
						contentType: 'form-urlencoded',
						bodyParameters: {
							parameters: [
								{ name: 'user', value: PRO.user },
								{ name: 'user_access_token', value: PRO.token },
								{ name: 'file_hash', value: fileHash },
							],
						},
						options: { response: { response: { responseFormat: 'file', outputPropertyName: 'data' } } },
					},
				];
	return {
		async upload(peer, file, mode) {
			const [type, parameters] = uploadParameters(peer, sim.newFolder(`${peer} ${mode} ${Date.now()}`));
			const upload = await nodePhase(type, parameters, mode, file);
			removeBinaryData();
			const json = upload.run.items[0].json as { file_hash?: string; data?: { file_hash?: string } };
			return { ...upload, fileHash: json.file_hash ?? json.data?.file_hash ?? '' };
		},
		async download(peer, fileHash, sha, mode) {
			const [type, parameters] = downloadParameters(peer, fileHash);
			const download = await nodePhase(type, parameters, mode);
			const bytes = await download.run.binaryBuffer(download.run.items[0], 'data');
			removeBinaryData();
			return { ...download, intact: createHash('sha256').update(bytes).digest('hex') === sha };
		},
		remove: (fileHash) => sim.deleteFile(fileHash),
	};
}
