import type { INodeProperties } from 'n8n-workflow';

/** The Base URL field every Svc credential starts with; `note` adds what is particular to one. */
export function baseUrlProperty(note = ''): INodeProperties {
	return {
		displayName: 'Base URL',
		name: 'baseUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://your-svc-host.example',
		description: [
			'Address of the service, without a path. Must start with https:// (http:// only for localhost, such as the bundled simulator).',
			note,
		]
			.filter(Boolean)
			.join(' '),
	};
}
