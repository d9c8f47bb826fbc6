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

/** Where a trigger's starting point is kept beside its own state: the workflow's static data, per node. */
const START_PREFIX = 'svcTriggerStart:';

function startKey(ctx: IPollFunctions): string {
	const node = ctx.getNode();
	return `${START_PREFIX}${node.id || node.name}`;
}

function isSaved(data: unknown): data is IDataObject {
	return !!data && typeof data === 'object' && Object.keys(data).length > 0;
}

function readable(ctx: IPollFunctions, data: IDataObject): SavedState {
	const version = Number(data.version);
	if (
		!Number.isInteger(version) ||
		version < 1 ||
		version > STATE_VERSION ||
		!data.state ||
		typeof data.state !== 'object'
	) {
		return unreadableState(
			ctx,
			Number.isInteger(version) && version > STATE_VERSION
				? `it was saved by a newer version of the node (layout ${version})`
				: 'it is damaged',
		);
	}
	return { version, state: JSON.parse(JSON.stringify(data.state)) as IDataObject };
}

/**
 * A trigger's saved state for what it watches now, as a copy (a poll that fails half-way leaves the
 * saved state as it was). Undefined when nothing was saved for this target: the trigger starts
 * afresh (a changed folder, event or filter starts afresh too). State of a newer layout or damaged
 * is an error (`unreadableState`).
 *
 * The starting point a trigger took when the workflow was activated is also kept in the
 * workflow's static data (`writeStartingPoint`): n8n's durable scheduler (2.41) does not save what
 * the poll it runs at activation keeps in the node's own data, and hands every later poll the
 * activation mode `update`, so a poll cannot tell it was not the first. With no state of its own
 * the trigger goes on from that starting point: what arrived after activation is emitted.
 */
export function readSavedState(ctx: IPollFunctions, fingerprint: string): SavedState | undefined {
	const data = ctx.getWorkflowStaticData('node');
	const shared = ctx.getWorkflowStaticData('global');
	const key = startKey(ctx);
	if (isSaved(data) && data.watching === fingerprint) {
		if (key in shared) delete shared[key];
		return readable(ctx, data);
	}
	const start = shared[key];
	if (!isSaved(start) || start.watching !== fingerprint) return undefined;
	ctx.logger.info('The trigger goes on from the starting point it took when the workflow was activated');
	return readable(ctx, start);
}

export function writeSavedState(ctx: IPollFunctions, fingerprint: string, state: object): void {
	const data = ctx.getWorkflowStaticData('node');
	const { seq } = data;
	for (const key of Object.keys(data)) delete data[key];
	if (seq !== undefined) data.seq = seq;
	data.version = STATE_VERSION;
	data.watching = fingerprint;
	data.state = JSON.parse(JSON.stringify(state)) as IDataObject;
}

/**
 * A trigger's first state (what exists now counts as seen), saved as its state and as its starting
 * point in the workflow's static data, which n8n saves after activating the workflow whatever
 * becomes of the node's own data (see `readSavedState`).
 */
export function writeStartingPoint(ctx: IPollFunctions, fingerprint: string, state: object): void {
	writeSavedState(ctx, fingerprint, state);
	const { version, watching } = ctx.getWorkflowStaticData('node');
	ctx.getWorkflowStaticData('global')[startKey(ctx)] = {
		version,
		watching,
		state: JSON.parse(JSON.stringify(state)) as IDataObject,
	};
}

/**
 * Saved state the trigger cannot read: an error in every mode, never a silent reset that would emit
 * everything again or skip what is new. It says how to start afresh.
 */
export function unreadableState(ctx: IPollFunctions, why: string): never {
	throw new NodeOperationError(ctx.getNode(), `The trigger's saved position cannot be read: ${why}`, {
		description:
			'Nothing was emitted, so nothing is reported twice or skipped. If a newer version of the ' +
			'node saved it, update the node again. To start watching afresh instead, copy the trigger, ' +
			'paste it, delete the old one and connect the copy, then activate (publish) the workflow: ' +
			'the copy starts from that moment, and what exists then is not reported.',
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
