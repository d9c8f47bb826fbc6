import { loadPackage } from '../harness';
import { storage, useSimulator, byHash, sim } from '../nodes/SvcStorage/env';

useSimulator();

it('probe', async () => {
	const pkg = loadPackage();
	const type = pkg.credentialTypes.getByName('svcStorageApi') as any;
	const original = type.authenticate;
	const stacks: string[] = [];
	Error.stackTraceLimit = 100;
	type.authenticate = function (...args: unknown[]) {
		stacks.push(new Error().stack ?? '');
		return original.apply(this, args);
	};
	await storage({ resource: 'folder', operation: 'create', parentFolder: byHash(sim().demo.pro.rootFolderHash), folderName: 'X' });
	type.authenticate = original;
	console.log(stacks.join('\n-----\n'));
});
