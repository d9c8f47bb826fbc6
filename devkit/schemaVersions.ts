/**
 * The node versions of the action nodes whose operations have output schemas (nodes/<Node>/__schema__/), as the
 * built package declares them: what `npm run schemas` writes and test/schemas/outputSchemas.test.ts checks.
 */
import { loadPackage } from './harness';

export interface SchemaNode {
	/** The node's folder under nodes/ (SvcStorage, SvcDvs, SvcMcp), as devkit/outputRuns.ts names it. */
	folder: string;
	/** Its node type (`n8n-nodes-svc.svcStorage`). */
	type: string;
}

const ACTION_NODES = ['SvcStorage', 'SvcDvs', 'SvcMcp'];

/** Each node version with the action nodes that have it, oldest first. */
export function actionNodeVersions(): Array<[number, SchemaNode[]]> {
	const { nodeTypes } = loadPackage();
	const byVersion = new Map<number, SchemaNode[]>();
	for (const folder of ACTION_NODES) {
		const type = `n8n-nodes-svc.${folder[0].toLowerCase()}${folder.slice(1)}`;
		const { version } = nodeTypes.getByNameAndVersion(type).description;
		for (const each of Array.isArray(version) ? version : [version])
			byVersion.set(each, [...(byVersion.get(each) ?? []), { folder, type }]);
	}
	return [...byVersion.entries()].sort(([a], [b]) => a - b);
}
