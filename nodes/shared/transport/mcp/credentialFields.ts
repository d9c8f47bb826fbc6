import type { INodeProperties } from 'n8n-workflow';

import { AUTO_REVISION, INITIALIZATION_REVISIONS, MODERN_REVISION } from './protocol';

/** The Protocol Revision choice both MCP credentials offer. */
export const MCP_REVISION_PROPERTY: INodeProperties = {
	displayName: 'Protocol Revision',
	name: 'protocolVersion',
	type: 'options',
	options: [
		{
			name: 'Auto',
			value: AUTO_REVISION,
			description:
				`Modern revision ${MODERN_REVISION} first; falls back to an initialize handshake if the service ` +
				`refuses it`,
		},
		...[...INITIALIZATION_REVISIONS].sort().map((revision) => ({ name: `Revision ${revision}`, value: revision })),
		{ name: `Revision ${MODERN_REVISION} (Modern, No Initialize)`, value: MODERN_REVISION },
	],
	default: AUTO_REVISION,
	description:
		'MCP protocol revision to speak. Keep Auto unless a proxy or an older deployment needs a fixed revision.',
};
