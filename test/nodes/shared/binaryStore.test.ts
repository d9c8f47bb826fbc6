/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n: it makes n8n's binary store fail for real */
/**
 * A failure of n8n's binary store while a download is being stored is reported as that, with what
 * to change, never as a download that was cut off. The store fails for real: n8n's own filesystem
 * store (through the engine) writes into a folder made read-only, or past the file size limit the
 * kernel enforces on this process; a disk that is full is /dev/full.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import Module from 'node:module';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';

import type { IBinaryData, IExecuteFunctions, INode } from 'n8n-workflow';

import { binaryFromBuffer, binaryFromStream } from '../../../nodes/shared/execution/binary';
import { binaryStoragePath } from '../../../devkit/harness/engine';
import { MCP_NODE, STORAGE_NODE, nodeOfType } from '../../helpers';
import { byHash, everythingShown, sim, storage, tokenCredentials, useSimulator } from '../SvcStorage/env';

useSimulator();

/** Sets the mode of the folder and of every folder in it. */
function chmodTree(folder: string, mode: number): void {
	if (!existsSync(folder)) return;
	chmodSync(folder, mode);
	for (const entry of readdirSync(folder)) {
		const path = join(folder, entry);
		if (statSync(path).isDirectory()) chmodTree(path, mode);
	}
}

/**
 * Runs `action` with the binary data folder read-only. Root writes into any folder whatever its
 * mode, so a root process runs it as the user `nobody` (effective ids only, taken back after), with
 * the throwaway folders above it open to pass through.
 */
async function withReadOnlyStore<T>(action: () => Promise<T>): Promise<T> {
	const folder = binaryStoragePath();
	const asRoot = process.getuid?.() === 0;
	const userFolder = process.env.N8N_USER_FOLDER!;
	const above = asRoot
		? [userFolder, dirname(userFolder)].map((path) => ({ path, mode: statSync(path).mode & 0o777 }))
		: [];
	chmodTree(folder, 0o555);
	for (const { path, mode } of above) chmodSync(path, mode | 0o011);
	if (asRoot) {
		process.setegid!(65534);
		process.seteuid!(65534);
	}
	try {
		return await action();
	} finally {
		if (asRoot) {
			process.seteuid!(0);
			process.setegid!(0);
		}
		for (const { path, mode } of above) chmodSync(path, mode);
		chmodTree(folder, 0o755);
	}
}

function hasPrlimit(): boolean {
	try {
		execFileSync('prlimit', ['--version'], { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

/** Runs `action` while the kernel refuses this process any write past `bytes` into a file (RLIMIT_FSIZE, soft limit only). */
async function withFileSizeLimit<T>(bytes: number, action: () => Promise<T>): Promise<T> {
	// The kernel signals SIGXFSZ with the refusal; caught, the write fails with EFBIG as in an n8n that ignores it.
	const caught = () => undefined;
	const realProcess = (Module as unknown as { _load: (name: string) => NodeJS.Process })._load('process');
	realProcess.on('SIGXFSZ', caught);
	execFileSync('prlimit', ['--pid', String(process.pid), `--fsize=${bytes}:`]);
	try {
		return await action();
	} finally {
		execFileSync('prlimit', ['--pid', String(process.pid), '--fsize=unlimited:']);
		realProcess.off('SIGXFSZ', caught);
	}
}

function addFile(name: string, content: Buffer): string {
	const pro = sim().demo.pro;
	return sim().storage.addFile(pro.userId, pro.rootFolderHash, name, content).hash;
}

const download = (hash: string) =>
	storage({ resource: 'file', operation: 'download', file: byHash(hash) }, { binaryMode: 'filesystem' });

it('a binary data folder n8n may not write is named as that, with the permission to fix, never as a cut download', async () => {
	const hash = addFile('report.pdf', Buffer.from('%PDF-1.7 forty-three bytes of a report....'));
	const before = await download(hash);
	expect(before.error).toBeUndefined();

	const result = await withReadOnlyStore(async () => await download(hash));

	expect(result.error?.message).toBe('n8n could not store "report.pdf": n8n may not write there (EACCES)');
	expect(result.error?.description).toContain(`n8n's binary data store failed in ${binaryStoragePath()}`);
	expect(result.error?.description).toContain('Give the user n8n runs as write permission on that folder');
	expect(everythingShown(result)).not.toMatch(/cut off|connection broke/i);
	expect(everythingShown(result)).not.toContain(tokenCredentials().svcStorageApi.accessToken as string);
	expect((await download(hash)).error).toBeUndefined();
});

(hasPrlimit() ? it : it.skip)(
	'a file larger than the file system lets n8n write, refused half-way through the body, is named as that',
	async () => {
		const content = Buffer.alloc(3 * 1024 * 1024, 7);
		const hash = addFile('scan.tiff', content);

		const result = await withFileSizeLimit(1024 * 1024, async () => await download(hash));

		expect(result.error?.message).toBe(
			'n8n could not store "scan.tiff": the file system refuses a file this large (EFBIG)',
		);
		expect(result.error?.description).toContain('ulimit -f');
		expect(result.error?.description).not.toMatch(/cut off|connection broke/i);
		const again = await download(hash);
		expect(again.error).toBeUndefined();
		expect(again.items[0].json.size).toBe(content.length);
	},
);

/**
 * A context of the node whose binary store writes as n8n's filesystem store does (fs.writeFile of the
 * stream or the bytes), into a disk that is full.
 */
function onFullDisk(node: INode): IExecuteFunctions {
	const helpers = {
		prepareBinaryData: async (data: Readable | Buffer): Promise<IBinaryData> => {
			await writeFile('/dev/full', data);
			throw new Error('/dev/full took the bytes');
		},
	};
	return { getNode: () => node, helpers } as unknown as IExecuteFunctions;
}

it('a full disk is named as that, with the space to free (the store writes to /dev/full)', async () => {
	const ctx = onFullDisk(nodeOfType(STORAGE_NODE, 'Svc Storage'));
	const body = Readable.from([Buffer.alloc(43, 1)]);

	const failure = binaryFromStream(ctx, { body, size: 43 }, 'report.pdf', 'application/pdf', 0);

	await expect(failure).rejects.toThrow('n8n could not store "report.pdf": the disk is full (ENOSPC)');
	await expect(failure).rejects.toMatchObject({ description: expect.stringContaining('Free disk space there') });
});

it('bytes a node already holds (an MCP tool file, a resource blob) name a full disk the same way', async () => {
	const ctx = onFullDisk(nodeOfType(MCP_NODE, 'Svc MCP'));

	const failure = binaryFromBuffer(ctx, Buffer.alloc(43, 1), 'notes.txt', 'text/plain', 2);

	await expect(failure).rejects.toThrow('n8n could not store "notes.txt": the disk is full (ENOSPC)');
	await expect(failure).rejects.toMatchObject({ context: { itemIndex: 2 } });
});
