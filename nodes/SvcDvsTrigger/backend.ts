import type { IPollFunctions } from 'n8n-workflow';

import type { DvsService } from '../shared/services/dvs/DvsService';
import { dvsServiceFor } from '../shared/services/select';
import type { DvsTriggerSettings } from './settings';

/** The DVS backend of the node's credential; the trigger reads only through it. */
export function dvsBackend(ctx: IPollFunctions, settings: DvsTriggerSettings): DvsService {
	return dvsServiceFor(ctx, () => settings.timeoutMs);
}
