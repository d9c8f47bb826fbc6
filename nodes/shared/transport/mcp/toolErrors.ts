import type { NodeApiError } from 'n8n-workflow';

import { serviceError } from '../errors';
import { redactText } from '../redact';
import type { ErrorContext } from './errors';
import { CLIENT_CODES, MCP_SERVICE, withMcpCode } from './errors';
import { switchOf } from './toolCatalogue';

/** Tool errors (`isError: true`) and missing tools, in words a user can act on. */

/**
 * Each documented tool error code: what it means, what to do, and (where the REST API has one)
 * the HTTP status the same refusal has there, so that e.g. a trigger tells a deleted item from a
 * failing service whichever API answered.
 */
const TOOL_ERRORS: Record<string, { message: string; description: string; httpCode?: string }> = {
	name_conflict: {
		httpCode: '409',
		message: 'an item with this name already exists at the destination',
		description: 'Nothing was overwritten or renamed. Choose another name, or rename or move the existing item first.',
	},
	permission_denied: {
		httpCode: '403',
		message: 'the account is not permitted to do this',
		description:
			"Check the account's rights on the folder or file (add, edit, download). Add-only and read-only " +
			'shares, ROOT (no uploads straight into it) and DVS registers without write permission refuse ' +
			'changes.',
	},
	quota_exceeded: {
		message: "the account's storage quota is used up",
		description: 'Free space in the account or move to a larger plan, then run again.',
	},
	file_locked: {
		message: 'the file is locked',
		description: 'Another user or application holds a lock on it. Run again once it is unlocked.',
	},
	ownership_transfer_denied: {
		message: "moves must stay within one owner's account",
		description:
			'The target folder belongs to another account. The connector never transfers ownership: pick ' +
			'a target folder of the same owner.',
	},
	file_too_large: {
		message: 'the file is too large',
		description:
			'Inline uploads take up to 10 MiB of decoded content, HTTPS imports up to 100 MiB, inline ' +
			"reads up to 25 MB, and the account's file size limit applies.",
	},
	virus_detected: {
		message: "the service's antivirus found a virus in the file; it was not stored",
		description: 'Check the file with a virus scanner before sending it again.',
	},
	invalid_source: {
		message: 'the import source is not allowed',
		description:
			'Use a public https:// URL on port 443 without credentials or #fragment. Private or reserved ' +
			'addresses, IPv6 literals, local paths and more than 3 redirects are refused.',
	},
	source_unavailable: {
		message: 'the import source could not be fetched',
		description: 'Check that the URL answers publicly with the file within 60 seconds.',
	},
	not_found: {
		httpCode: '404',
		message: 'the item was not found or is not visible to this account',
		description:
			'Hashes and IDs must come from the service (list a folder, search, or get the root folder); ' +
			'they are never guessed.',
	},
	invalid_argument: {
		message: 'an argument is invalid',
		description: "Check the arguments against the tool's input schema (Tool → List shows it).",
	},
};

/** What a tool error code means for one call, where it means more than the table says. */
export type ToolErrorHints = Partial<Record<string, { message: string; description: string }>>;

/** A tool's `isError: true` result as an error carrying the tool's code. */
export function toolError(
	toolName: string,
	code: string | undefined,
	serverMessage: string,
	ctx: ErrorContext,
	hints: ToolErrorHints = {},
): NodeApiError {
	const known = code ? TOOL_ERRORS[code] : undefined;
	const hint = code ? hints[code] : undefined;
	const said = redactText(serverMessage, ctx.secrets).slice(0, 500);
	const message =
		hint?.message ??
		(known
			? `${toolName} failed: ${known.message} (${code})`
			: `${toolName} failed${code ? ` (${code})` : ''}: ${said || 'the tool reported an error'}`);
	const description =
		hint?.description ?? (known ? `${known.description}${said ? ` The service said: ${said}` : ''}` : undefined);
	const error = serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			httpCode: known?.httpCode,
			message,
			description,
			cause: code === 'quota_exceeded' ? 'quota-exhausted' : 'configuration-invalid',
		},
		ctx.secrets,
	);
	return withMcpCode(error, code);
}

/** A write that reached the service but was not read back (`status: "uncertain"`). */
export function uncertainWriteError(
	toolName: string,
	serverMessage: string | undefined,
	ctx: ErrorContext,
): NodeApiError {
	const error = serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: `${MCP_SERVICE} could not confirm whether ${toolName} took effect (status "uncertain")`,
			description:
				'The change was submitted but not read back' +
				(serverMessage ? ` (${redactText(serverMessage, ctx.secrets)}). ` : '. ') +
				`Check the destination before running again, so nothing is written twice.`,
			cause: 'temporarily-unavailable',
			uncertain: true,
		},
		ctx.secrets,
	);
	return withMcpCode(error, CLIENT_CODES.uncertain);
}

/** Why a tool is missing, when a deployment switch explains it. */
function switchFor(suffix: string): { message: string; description: string } | undefined {
	const rule = switchOf(suffix);
	if (!rule) return undefined;
	const needs =
		rule.needs.length > 1 ? `${rule.needs.slice(0, -1).join(', ')} and ${rule.needs.at(-1)}` : rule.needs[0];
	return {
		message: `the service has ${rule.off} disabled (${rule.offSwitches.join(' and ')} on the deployment)`,
		description: `${rule.whoNeeds} ${needs}. Ask the service operator, or use the ${rule.credential} credential.`,
	};
}

/** A tool the endpoint does not list. */
export function toolUnavailableError(
	name: string,
	suffix: string,
	available: string[],
	ctx: ErrorContext,
): NodeApiError {
	const why = switchFor(suffix);
	const error = serviceError(
		ctx.node,
		{
			itemIndex: ctx.itemIndex,
			message: why
				? `${MCP_SERVICE} offers no tool "${name}": ${why.message}`
				: `${MCP_SERVICE} offers no tool "${name}"`,
			description:
				why?.description ?? `The endpoint lists ${available.length} tools${toolSample(available)}. Pick one of them.`,
			cause: 'configuration-invalid',
		},
		ctx.secrets,
	);
	return withMcpCode(error, CLIENT_CODES.toolUnavailable);
}

/** The first 30 names of a tool list, for an error's description. */
function toolSample(available: string[]): string {
	if (available.length === 0) return '';
	return ` (${available.slice(0, 30).join(', ')}${available.length > 30 ? ', …' : ''})`;
}
