/**
 * Changes to a released node version's parameters that are fixes in place (docs/COMPATIBILITY.md, rule 1's one
 * exception: the node did what its own documentation says it does not), each with the reason a saved node keeps
 * its meaning. The compat test lets exactly these through and fails every other change.
 */
export interface FixInPlace {
	/** The node type and version whose captured parameter changed. */
	type: string;
	version: string;
	/** The change as `parameterChanges` words it. */
	change: RegExp;
	/** Why a saved node of that version runs as before. */
	why: string;
}

const TOOL_KEYS_SHOWN_OFF =
	'The tool leaves capability keys out unless the option is added and on (execution/toolUse.ts), in every ' +
	'version; its version-1 toggle showed on, as n8n made the tool from the node in 0.1.0. A collection option is ' +
	'saved with the value it is given when added, and an option not added runs as off either way: only what a newly ' +
	'added toggle shows changes, now what the tool does.';

export const FIXES_IN_PLACE: FixInPlace[] = ['svcStorage', 'svcDvs', 'svcMcp'].map((node) => ({
	type: `n8n-nodes-svc.${node}Tool`,
	version: '1',
	change: /: options › capabilityKeys: default true → false$/,
	why: TOOL_KEYS_SHOWN_OFF,
}));

/** The changes a fix in place does not explain. */
export function unexplainedChanges(type: string, version: string, changes: string[]): string[] {
	const fixes = FIXES_IN_PLACE.filter((fix) => fix.type === type && fix.version === version);
	return changes.filter((change) => !fixes.some((fix) => fix.change.test(change)));
}
