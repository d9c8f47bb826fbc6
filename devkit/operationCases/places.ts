/** What the cases of operationCases.ts make their runs of: places of their own, files, names, markers. */
import type { INodeParameters } from 'n8n-workflow';

import type { HarnessInputItem } from '../harness';
import type { ServiceSimulator } from '../simulator';

/** A name no other run gives. */
export const fresh = (): string => Math.random().toString(36).slice(2, 8);

/** A folder of its own in the demo account, for one run. */
export function placeIn(sim: ServiceSimulator, label: string) {
	const pro = sim.demo.pro;
	return sim.storage.createFolder(pro.userId, pro.rootFolderHash, `${label}-${fresh()}`);
}

/** One input item holding a text file. */
export function textFile(name: string, content = `content of ${name}`): HarnessInputItem[] {
	return [{ json: {}, binary: { data: { data: Buffer.from(content), fileName: name, mimeType: 'text/plain' } } }];
}

/** A DVS Fields mapper holding `value`. */
export const mapper = (value: Record<string, unknown>) =>
	({ mappingMode: 'defineBelow', value, matchingColumns: [], schema: [] }) as unknown as INodeParameters;

/** The value a resource locator parameter holds. */
export const locatorValue = (parameter: unknown): string => String((parameter as { value?: unknown }).value ?? '');

/** The marker as a sibling name may hold it: itself or with the number the service adds (`x (1).txt`). */
export function carries(name: string, marker: string): boolean {
	return name === marker || name.startsWith(`${marker} (`) || name.startsWith(`${marker}.`);
}

/** Storage entries of `kind` in a folder whose name carries the marker. */
export const carrying = (sim: ServiceSimulator, folderHash: string, kind: 'folder' | 'file', marker: string) =>
	sim.storage.listChildren(folderHash).filter((item) => item.type === kind && carries(item.name, marker)).length;
