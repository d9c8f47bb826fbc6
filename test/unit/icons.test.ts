/* eslint-disable @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Each service has an icon of its own, light and dark, so several Svc nodes on one canvas tell apart;
 * a trigger and a credential share their service's icon, as n8n's own nodes do.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { loadPackage } from '../../devkit/harness';

const pkg = loadPackage();
type IconUrls = { light: string; dark: string };
// As n8n serves them: `icons/n8n-nodes-svc/dist/icons/<file>`.
const iconOfNode = (name: string) =>
	(pkg.nodeTypes.getByNameAndVersion(`n8n-nodes-svc.${name}`).description as { iconUrl?: IconUrls })
		.iconUrl as IconUrls;
const iconOfCredential = (name: string) =>
	(pkg.credentialTypes.getByName(name) as { iconUrl?: IconUrls }).iconUrl as IconUrls;

it('gives Svc Storage, Svc DVS and Svc MCP three different icons, each with a light and a dark file that exists', () => {
	const icons = ['svcStorage', 'svcDvs', 'svcMcp'].map(iconOfNode);
	expect(new Set(icons.map((icon) => icon.light)).size).toBe(3);
	expect(new Set(icons.map((icon) => icon.dark)).size).toBe(3);
	for (const icon of icons) {
		for (const url of [icon.light, icon.dark])
			expect(existsSync(join(pkg.root, url.replace(/^icons\/n8n-nodes-svc\//, '')))).toBe(true);
	}
});

it.each([
	['svcStorageTrigger node', () => iconOfNode('svcStorageTrigger'), 'svcStorage'],
	['svcDvsTrigger node', () => iconOfNode('svcDvsTrigger'), 'svcDvs'],
	['svcStorageApi credential', () => iconOfCredential('svcStorageApi'), 'svcStorage'],
	['svcDvsApi credential', () => iconOfCredential('svcDvsApi'), 'svcDvs'],
	['svcMcpApi credential', () => iconOfCredential('svcMcpApi'), 'svcMcp'],
	['svcMcpOAuth2Api credential', () => iconOfCredential('svcMcpOAuth2Api'), 'svcMcp'],
])("the %s has its service's icon", (_what, icon, service) => {
	const own = iconOfNode(service);
	expect(icon().light.split('/').pop()).toBe(own.light.split('/').pop());
	expect(icon().dark.split('/').pop()).toBe(own.dark.split('/').pop());
});
