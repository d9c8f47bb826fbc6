import type { IPollFunctions } from 'n8n-workflow';

import type { DvsBackend } from '../shared/backends/dvs/DvsBackend';
import { RestDvsBackend } from '../shared/backends/dvs/RestDvsBackend';
import type { DvsTriggerSettings } from './settings';

/** The DVS backend of the node's credential; the trigger reads only through it. */
export function dvsBackend(ctx: IPollFunctions, settings: DvsTriggerSettings): DvsBackend {
	return new RestDvsBackend(ctx, () => settings.timeoutMs);
}
