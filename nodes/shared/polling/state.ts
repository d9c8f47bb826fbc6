import type { IDataObject, IPollFunctions } from 'n8n-workflow';

const STATE_VERSION = 1;

/**
 * A trigger's state in the node's static data. It is read as a copy, so a poll that fails
 * half-way leaves the saved state as it was, and written back whole only when the poll has
 * succeeded. The fingerprint names what is watched (folder, event, filters): when the user
 * points the node elsewhere the old cursor no longer applies and the trigger starts afresh.
 */
export function readPollState<T extends object>(ctx: IPollFunctions, fingerprint: string): T | undefined {
	const data = ctx.getWorkflowStaticData('node');
	if (data.version !== STATE_VERSION || data.watching !== fingerprint || typeof data.state !== 'object') return undefined;
	return JSON.parse(JSON.stringify(data.state)) as T;
}

export function writePollState(ctx: IPollFunctions, fingerprint: string, state: object): void {
	const data = ctx.getWorkflowStaticData('node');
	for (const key of Object.keys(data)) delete data[key];
	data.version = STATE_VERSION;
	data.watching = fingerprint;
	data.state = JSON.parse(JSON.stringify(state)) as IDataObject;
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
