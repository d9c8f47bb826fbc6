import type { IPollFunctions } from 'n8n-workflow';

import type { DvsBackend } from '../shared/backends/dvs/DvsBackend';
import { dvsBackendFor } from '../shared/backends/select';
import type { DvsTriggerSettings } from './settings';

/** The DVS backend of the node's credential; the trigger reads only through it. */
export function dvsBackend(ctx: IPollFunctions, settings: DvsTriggerSettings): DvsBackend {
	return dvsBackendFor(ctx, () => settings.timeoutMs);
}
