/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
/**
 * Ready for n8n 3.0 on paper: the nodes-API level package.json declares is one n8n-workflow accepts (n8n checks
 * it at install and start-up with `checkNodesApiVersion`), and nothing relies on the in-memory `default` binary
 * mode 3.0 removes: the nodes read and write file content through n8n's binary helpers, which serve every mode.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

import * as workflow from 'n8n-workflow';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	n8n: { n8nNodesApiVersion: unknown };
};

describe('the nodes-API level', () => {
	it('is declared as a whole number', () => {
		expect(Number.isInteger(manifest.n8n.n8nNodesApiVersion)).toBe(true);
	});

	it('is one the n8n-workflow the package is built against accepts, and no newer than it offers', () => {
		const { N8N_NODES_API_VERSION, checkNodesApiVersion } = workflow as unknown as {
			N8N_NODES_API_VERSION: number;
			checkNodesApiVersion: (pkg: unknown) => { compatible: boolean; version?: number };
		};
		expect(typeof N8N_NODES_API_VERSION).toBe('number');
		expect(checkNodesApiVersion(manifest)).toEqual({ compatible: true, version: manifest.n8n.n8nNodesApiVersion });
		expect(manifest.n8n.n8nNodesApiVersion).toBeLessThanOrEqual(N8N_NODES_API_VERSION);
	});
});

/** The package's sources as the compiler sees them, types resolved: what the checks below read. */
function compiled(): { program: ts.Program; files: ts.SourceFile[] } {
	const config = ts.getParsedCommandLineOfConfigFile(
		join(ROOT, 'tsconfig.json'),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
				throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
			},
		},
	)!;
	const program = ts.createProgram(config.fileNames, config.options);
	const files = program
		.getSourceFiles()
		.filter((file) => !file.isDeclarationFile && /\/(nodes|credentials)\//.test(file.fileName.replace(/\\/g, '/')));
	return { program, files };
}

/** The package's files (relative to the root) where `found` holds for some node of the syntax tree. */
function filesWhere(files: ts.SourceFile[], found: (node: ts.Node) => boolean): string[] {
	return files
		.filter((file) => {
			let hit = false;
			const visit = (node: ts.Node): void => {
				if (hit) return;
				if (found(node)) hit = true;
				else ts.forEachChild(node, visit);
			};
			visit(file);
			return hit;
		})
		.map((file) => relative(ROOT, file.fileName).replace(/\\/g, '/'));
}

describe('binary data modes', () => {
	const { program, files } = compiled();
	const checker = program.getTypeChecker();

	it("reads a binary's inline base64 only where n8n 1.x's in-memory mode is told apart from the stores", () => {
		// `data` read from an n8n binary (IBinaryData), by its type, wherever the code reads it.
		const inline = filesWhere(
			files,
			(node) =>
				ts.isPropertyAccessExpression(node) &&
				node.name.text === 'data' &&
				checker.getTypeAtLocation(node.expression).getNonNullableType().getSymbol()?.getName() === 'IBinaryData',
		);
		// storedByteCount: 2.x counts the bytes, a 1.x store keeps them in its metadata, only 1.x's `default` holds them inline.
		expect(inline).toEqual(['nodes/shared/execution/platform.ts']);
		expect(files.length).toBeGreaterThan(100);
	});

	it('never names a binary data mode in code that decides something', () => {
		const modeChecks = filesWhere(
			files,
			(node) =>
				ts.isIdentifier(node) &&
				['binaryDataMode', 'BinaryDataConfig', 'N8N_DEFAULT_BINARY_DATA_MODE'].includes(node.text),
		);
		expect(modeChecks).toEqual([]);
	});
});
