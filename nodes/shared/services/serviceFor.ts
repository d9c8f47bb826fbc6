import type { ServiceContext } from '../transport/http';
import type { ItemTimeout } from '../transport/timeouts';
import { McpClient } from '../transport/mcp';
import { McpDvsAdapter } from '../adapters/dvs/McpDvsAdapter';
import { RestDvsAdapter } from '../adapters/dvs/RestDvsAdapter';
import { McpStorageAdapter } from '../adapters/storage/McpStorageAdapter';
import { RestStorageAdapter } from '../adapters/storage/RestStorageAdapter';
import { authenticationOf, isMcp } from './authentication';
import { DvsService } from './dvs/DvsService';
import { StorageService } from './storage/StorageService';
import type { WriteRecords } from './exactlyOnce/writeRecords';
import { earliestServerTime } from '../transport/serverClock';
import { runningNodeOf } from '../transport/runningNode';

/** The services over the adapter of the node's chosen credential, and their closing. */

/**
 * The storage service over the adapter of the node's chosen credential; `records`: the run's write records, for a
 * write operation's run (the router creates them; lookups and polls write nothing).
 */
export function storageServiceFor(
	ctx: ServiceContext,
	itemTimeout?: ItemTimeout,
	records?: WriteRecords,
): StorageService {
	const authentication = authenticationOf(ctx, 'svcStorageApi');
	const adapter = isMcp(authentication)
		? new McpStorageAdapter(ctx, new McpClient(ctx, authentication), authentication, itemTimeout)
		: new RestStorageAdapter(ctx, itemTimeout);
	return new StorageService(runningNodeOf(ctx), adapter, records, serverClockOf(ctx));
}

/** The DVS service over the adapter of the node's chosen credential; `records` as for the storage service. */
export function dvsServiceFor(ctx: ServiceContext, itemTimeout?: ItemTimeout, records?: WriteRecords): DvsService {
	const authentication = authenticationOf(ctx, 'svcDvsApi');
	const adapter = isMcp(authentication)
		? new McpDvsAdapter(
				ctx,
				new McpStorageAdapter(ctx, new McpClient(ctx, authentication), authentication, itemTimeout),
			)
		: new RestDvsAdapter(ctx, itemTimeout);
	return new DvsService(runningNodeOf(ctx), adapter, records, serverClockOf(ctx));
}

/** The service's clock as this execution's answers showed it (transport/serverClock.ts). */
function serverClockOf(ctx: ServiceContext): (localMs: number) => number | undefined {
	return (localMs) => earliestServerTime(ctx, localMs);
}

/** Runs `use` with a service or client, then ends what it opened (an MCP session), also after an error. */
export async function closingAfter<S extends { close(): Promise<void> }, T>(
	service: S,
	use: (service: S) => Promise<T>,
): Promise<T> {
	try {
		return await use(service);
	} finally {
		await service.close();
	}
}
