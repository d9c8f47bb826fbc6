/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- this file runs in Node under the test tools, never inside n8n; it reports to a person at a terminal */
/**
 * Captures each node version's parameters as n8n loads them from the built package (`npm run build`, then
 * `npx tsx compat/capture-parameters.ts <version>`): name, type, options and default of every parameter, per
 * node type and node version, into compat/<version>/parameters.json, one parameter a line. Run once per release;
 * a capture is never edited afterwards (docs/COMPATIBILITY.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { loadPackage } from '../devkit/harness';
import { parametersOf, type ParameterCapture } from './nodeParameters';

function versionsOf(version: number | number[]): number[] {
	return Array.isArray(version) ? version : [version];
}

/** The node types and versions of the built package at `root`, each version's parameters. */
export function captureParameters(root?: string): ParameterCapture['nodes'] {
	const pkg = loadPackage(root);
	const nodes: ParameterCapture['nodes'] = {};
	for (const type of pkg.nodeTypeNames) {
		const loaded = pkg.nodeTypes.getByName(type);
		const versions =
			'nodeVersions' in loaded ? Object.keys(loaded.nodeVersions).map(Number) : versionsOf(loaded.description.version);
		nodes[type] = Object.fromEntries(
			versions.map((version) => [
				String(version),
				parametersOf(pkg.nodeTypes.getByNameAndVersion(type, version).description, version),
			]),
		);
	}
	return nodes;
}

/** The capture as text: one parameter a line, so a later reader (and a diff) sees each promise alone. */
function format(capture: ParameterCapture): string {
	const lines = ['{', `\t"capturedFrom": ${JSON.stringify(capture.capturedFrom)},`, '\t"nodes": {'];
	const types = Object.entries(capture.nodes);
	types.forEach(([type, versions], typeIndex) => {
		lines.push(`\t\t${JSON.stringify(type)}: {`);
		const entries = Object.entries(versions);
		entries.forEach(([version, parameters], versionIndex) => {
			lines.push(`\t\t\t${JSON.stringify(version)}: {`);
			const rows = Object.entries(parameters);
			rows.forEach(([key, promise], index) =>
				lines.push(`\t\t\t\t${JSON.stringify(key)}: ${JSON.stringify(promise)}${index < rows.length - 1 ? ',' : ''}`),
			);
			lines.push(`\t\t\t}${versionIndex < entries.length - 1 ? ',' : ''}`);
		});
		lines.push(`\t\t}${typeIndex < types.length - 1 ? ',' : ''}`);
	});
	lines.push('\t}', '}', '');
	return lines.join('\n');
}

function main(): void {
	const version = process.argv[2];
	if (!version) throw new Error('usage: npx tsx compat/capture-parameters.ts <version being released>');
	const target = join(__dirname, version);
	if (existsSync(join(target, 'parameters.json')))
		throw new Error(`${target}/parameters.json exists: a release's capture is never edited`);
	const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
	const nodes = captureParameters();
	mkdirSync(target, { recursive: true });
	writeFileSync(
		join(target, 'parameters.json'),
		format({ capturedFrom: `n8n-nodes-svc ${version}, commit ${commit}`, nodes }),
	);
	const count = Object.values(nodes).flatMap((versions) => Object.values(versions).map((p) => Object.keys(p).length));
	console.log(
		`captured ${count.reduce((a, b) => a + b, 0)} parameters of ${count.length} node versions into ${target}`,
	);
}

if (require.main === module) main();
