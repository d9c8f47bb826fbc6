import type { ServiceContext } from '../transport/http';
import { McpClient } from '../transport/mcp';
import { McpDvsWire } from '../wires/dvs/McpDvsWire';
import { RestDvsWire } from '../wires/dvs/RestDvsWire';
import { McpStorageWire } from '../wires/storage/McpStorageWire';
import { RestStorageWire } from '../wires/storage/RestStorageWire';
import { authenticationOf, isMcp } from './authentication';
import { DvsService } from './dvs/DvsService';
import { StorageService } from './storage/StorageService';

/** The services over the wire of the node's chosen credential, and their closing. */

type TimeoutFor = (itemIndex: number) => number | undefined;

/** The storage service over the wire of the node's chosen credential. */
export function storageServiceFor(ctx: ServiceContext, timeoutFor?: TimeoutFor): StorageService {
	const authentication = authenticationOf(ctx, 'svcStorageApi');
	const wire = isMcp(authentication)
		? new McpStorageWire(ctx, new McpClient(ctx, authentication), authentication, timeoutFor)
		: new RestStorageWire(ctx, timeoutFor);
	return new StorageService(ctx.getNode(), wire);
}

/** The DVS service over the wire of the node's chosen credential. */
export function dvsServiceFor(ctx: ServiceContext, timeoutFor?: TimeoutFor): DvsService {
	const authentication = authenticationOf(ctx, 'svcDvsApi');
	const wire = isMcp(authentication)
		? new McpDvsWire(ctx, new McpStorageWire(ctx, new McpClient(ctx, authentication), authentication, timeoutFor), timeoutFor)
		: new RestDvsWire(ctx, timeoutFor);
	return new DvsService(ctx.getNode(), wire);
}

/** Runs `use` with a service or client, then ends what it opened (an MCP session), also after an error. */
export async function closingAfter<S extends { close(): Promise<void> }, T>(service: S, use: (service: S) => Promise<T>): Promise<T> {
	try {
		return await use(service);
	} finally {
		await service.close();
	}
}
