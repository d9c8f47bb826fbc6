/**
 * Every operation the action nodes' routers know, with its declaration (`access`, `writes`, `runsOver`) and its
 * case in devkit/operationCases.ts: what the suites that go through every operation derive their cases from.
 */
import type { Api, Operation, Operations, Writes } from '../nodes/shared/description/operation';
import { dvsActions } from '../nodes/SvcDvs/actions/router';
import { mcpActions } from '../nodes/SvcMcp/actions/router';
import { storageActions } from '../nodes/SvcStorage/actions/router';
import { operationCase, type OperationCase } from '../devkit/operationCases';

export type NodeFolder = OperationCase['node'];

export interface RoutedOperation {
	node: NodeFolder;
	resource: string;
	operation: string;
	declared: Operation<unknown>;
	/** Its case; undefined only when the table lacks it (test/architecture/operationCases.test.ts says so). */
	case: OperationCase | undefined;
}

const ROUTERS: Record<NodeFolder, Record<string, Operations<never>>> = {
	SvcStorage: storageActions.resources as unknown as Record<string, Operations<never>>,
	SvcDvs: dvsActions.resources as unknown as Record<string, Operations<never>>,
	SvcMcp: mcpActions.resources as unknown as Record<string, Operations<never>>,
};

/** Every routed operation of the nodes given (all three by default), in the routers' order. */
export function routedOperations(...nodes: NodeFolder[]): RoutedOperation[] {
	const chosen = nodes.length > 0 ? nodes : (Object.keys(ROUTERS) as NodeFolder[]);
	return chosen.flatMap((node) =>
		Object.entries(ROUTERS[node]).flatMap(([resource, operations]) =>
			Object.entries(operations).map(([operation, declared]) => ({
				node,
				resource,
				operation,
				declared: declared as Operation<unknown>,
				case: operationCase(node, resource, operation),
			})),
		),
	);
}

/** The case of a routed operation; an operation without one fails here, by name. */
export function caseOf(routed: RoutedOperation): OperationCase {
	if (!routed.case)
		throw new Error(`${routed.node} ${routed.resource}.${routed.operation}: no case in operationCases.ts`);
	return routed.case;
}

/** Whether a write makes something (a folder, a file, a document, a comment, an attachment). */
export const makesSomething = (writes: Writes | undefined): boolean => writes?.kind === 'create';

/** The APIs that run an operation, as its file declares. */
export const apisOf = (routed: RoutedOperation): readonly Api[] => routed.declared.runsOver;

/** `resource.operation` of every operation a node's router declares over both APIs (parity compares each). */
export function overBothApis(node: NodeFolder): string[] {
	return routedOperations(node)
		.filter(({ declared }) => declared.runsOver.includes('rest') && declared.runsOver.includes('mcp'))
		.map(({ resource, operation }) => `${resource}.${operation}`);
}
