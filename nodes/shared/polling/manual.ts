import type { IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The editor's "Fetch Test Event" runs the poll in manual mode: it samples, and keeps no cursor. */
export function isManualPoll(ctx: IPollFunctions): boolean {
	return ctx.getMode() === 'manual';
}

/** Fetch Test Event found nothing to show: say what was looked at and how to get a sample. */
export function noSampleError(ctx: IPollFunctions, message: string, description: string): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), message, { description });
}
