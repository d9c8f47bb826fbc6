import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The layout of a trigger's saved state. 1: a time cursor (before identity records); 2: records
 * of what was seen by identity. Each event reads the versions it knows and migrates older ones.
 */
export const STATE_VERSION = 2;

export interface SavedState {
	version: number;
	state: IDataObject;
}

/** Activations a person just made: an unreadable state may then start afresh, as they asked. */
const FRESH_ACTIVATIONS = new Set(['activate', 'create', 'update']);

/**
 * A trigger's saved state for what it watches now, from the node's static data, as a copy (a poll
 * that fails half-way leaves the saved state as it was). Undefined when nothing was saved for this
 * target: the trigger starts afresh (a changed folder, event or filter starts afresh too).
 * State of a newer layout is an error (`unreadableState`).
 */
export function readSavedState(ctx: IPollFunctions, fingerprint: string): SavedState | undefined {
	const data = ctx.getWorkflowStaticData('node');
	if (Object.keys(data).length === 0 || data.watching !== fingerprint) return undefined;
	const version = Number(data.version);
	if (!Number.isInteger(version) || version < 1 || version > STATE_VERSION || !data.state || typeof data.state !== 'object') {
		return unreadableState(ctx, Number.isInteger(version) && version > STATE_VERSION ? `it was saved by a newer version of the node (layout ${version})` : 'it is damaged');
	}
	return { version, state: JSON.parse(JSON.stringify(data.state)) as IDataObject };
}

export function writeSavedState(ctx: IPollFunctions, fingerprint: string, state: object): void {
	const data = ctx.getWorkflowStaticData('node');
	for (const key of Object.keys(data)) delete data[key];
	data.version = STATE_VERSION;
	data.watching = fingerprint;
	data.state = JSON.parse(JSON.stringify(state)) as IDataObject;
}

/**
 * Saved state the trigger cannot read. Never a silent reset that would emit everything again or
 * skip what is new: when n8n started with the workflow active (or another instance took over), it
 * is an error that says how to start afresh; when a person has just activated the workflow, that
 * is the way out, and the trigger starts afresh (undefined).
 */
export function unreadableState(ctx: IPollFunctions, why: string): undefined {
	const activation = typeof ctx.getActivationMode === 'function' ? ctx.getActivationMode() : 'init';
	if (FRESH_ACTIVATIONS.has(activation)) {
		ctx.logger.warn(`The trigger's saved position could not be read (${why}); the workflow was just activated, so it starts afresh`);
		return undefined;
	}
	throw new NodeOperationError(ctx.getNode(), `The trigger's saved position cannot be read: ${why}`, {
		description:
			'Nothing was emitted, so nothing is reported twice or skipped. To start watching afresh from now, deactivate the workflow and activate it again; what exists at that moment is then not reported.',
	});
}

/** A stable text for the watched target: object keys sorted, so equal settings give equal text. */
export function fingerprintOf(value: unknown): string {
	const sorted = (input: unknown): unknown => {
		if (Array.isArray(input)) return input.map(sorted);
		if (input && typeof input === 'object') {
			return Object.fromEntries(
				Object.keys(input as IDataObject)
					.sort()
					.map((key) => [key, sorted((input as IDataObject)[key])]),
			);
		}
		return input;
	};
	return JSON.stringify(sorted(value));
}
