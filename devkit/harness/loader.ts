/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- this file runs in Node under the test tools, never inside n8n */
import { resolve } from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import {
	NodeHelpers,
	UnexpectedError,
	type ICredentialType,
	type IDataObject,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
} from 'n8n-workflow';

import { BUILT_IN_CREDENTIAL_TYPES, HarnessCredentialTypes } from './credentials';
import { ensureLogger } from './engine';
import { internalNodeTypes } from './internalNodes';

export const DEFAULT_PACKAGE_ROOT = resolve(__dirname, '..', '..');

export interface HarnessNodeTypes extends INodeTypes {
	/** Full type name (`<package>.<node>`) for a full or short (`svcStorage`) name. */
	resolveName(type: string): string;
	/** The version a new node gets in the editor: the default (versioned) or highest version. */
	defaultVersion(type: string): number;
	/** Adds a node type from elsewhere (n8n's own nodes from an n8n install), under its full name. */
	add(fullName: string, type: INodeType | IVersionedNodeType): void;
}

export interface LoadedPackage {
	root: string;
	packageName: string;
	nodeTypes: HarnessNodeTypes;
	credentialTypes: HarnessCredentialTypes;
	/** Full names of the package's node types, e.g. `n8n-nodes-svc.svcStorage`. */
	nodeTypeNames: string[];
	credentialTypeNames: string[];
}

function highestVersion(type: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in type) return type.currentVersion;
	const { version } = type.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

class PackageNodeTypes implements HarnessNodeTypes {
	constructor(
		private readonly packageName: string,
		private readonly types: Map<string, INodeType | IVersionedNodeType>,
	) {}

	resolveName(type: string): string {
		if (this.types.has(type)) return type;
		const full = `${this.packageName}.${type}`;
		if (this.types.has(full)) return full;
		throw new UnexpectedError(`Unknown node type "${type}" (package ${this.packageName})`);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		return this.types.get(this.resolveName(nodeType))!;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	/** Adds a node type from elsewhere (n8n's own nodes from an n8n install), under its full name. */
	add(fullName: string, type: INodeType | IVersionedNodeType): void {
		this.types.set(fullName, type);
	}

	getKnownTypes(): IDataObject {
		return Object.fromEntries([...this.types.keys()].map((name) => [name, { className: name, sourcePath: '' }]));
	}

	defaultVersion(type: string): number {
		return highestVersion(this.getByName(type));
	}
}

const cache = new Map<string, LoadedPackage>();

/**
 * Loads a community package as n8n does: the files listed in package.json's `n8n` section, through
 * n8n-core's PackageDirectoryLoader (class named after the file, polling parameters added, descriptions
 * validated), with node types named `<package name>.<description.name>`. Cached per root.
 */
export function loadPackage(root: string = DEFAULT_PACKAGE_ROOT): LoadedPackage {
	const key = resolve(root);
	const cached = cache.get(key);
	if (cached) return cached;

	ensureLogger();
	const loader = new PackageDirectoryLoader(key);
	const { packageName } = loader;
	const { n8n, version } = loader.packageJson;
	if (!n8n) throw new UnexpectedError(`${key}/package.json has no "n8n" section`);
	// loadAll() is async only in signature; these are the same synchronous steps, so loadPackage can stay sync.
	for (const nodePath of n8n.nodes ?? []) loader.loadNodeFromFile(nodePath, version);
	for (const credentialPath of n8n.credentials ?? []) loader.loadCredentialFromFile(credentialPath);

	const types = new Map<string, INodeType | IVersionedNodeType>(Object.entries(internalNodeTypes()));
	const nodeTypeNames: string[] = [];
	for (const [name, { type }] of Object.entries(loader.nodeTypes)) {
		const fullName = `${packageName}.${name}`;
		types.set(fullName, type);
		nodeTypeNames.push(fullName);
	}

	const credentialTypes = new Map<string, ICredentialType>(BUILT_IN_CREDENTIAL_TYPES.map((type) => [type.name, type]));
	const credentialTypeNames: string[] = [];
	for (const [name, { type }] of Object.entries(loader.credentialTypes)) {
		type.supportedNodes = (loader.nodesByCredential[name] ?? []).map((node) => `${packageName}.${node}`);
		credentialTypes.set(name, type);
		credentialTypeNames.push(name);
	}

	const loaded: LoadedPackage = {
		root: key,
		packageName,
		nodeTypes: new PackageNodeTypes(packageName, types),
		credentialTypes: new HarnessCredentialTypes(credentialTypes),
		nodeTypeNames,
		credentialTypeNames,
	};
	cache.set(key, loaded);
	return loaded;
}
