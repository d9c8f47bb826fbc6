import type { INodeProperties } from 'n8n-workflow';

/** The Protocol Revision choice both MCP credentials offer. */
export const MCP_REVISION_PROPERTY: INodeProperties = {
	displayName: 'Protocol Revision',
	name: 'protocolVersion',
	type: 'options',
	options: [
		{
			name: 'Auto',
			value: 'auto',
			description: 'Modern revision 2026-07-28 first; falls back to an initialize handshake if the service refuses it',
		},
		{ name: 'Revision 2024-11-05', value: '2024-11-05' },
		{ name: 'Revision 2025-03-26', value: '2025-03-26' },
		{ name: 'Revision 2025-06-18', value: '2025-06-18' },
		{ name: 'Revision 2025-11-25', value: '2025-11-25' },
		{ name: 'Revision 2026-07-28 (Modern, No Initialize)', value: '2026-07-28' },
	],
	default: 'auto',
	description: 'MCP protocol revision to speak. Keep Auto unless a proxy or an older deployment needs a fixed revision.',
};
