import type { INodeTypeDescription } from 'n8n-workflow';

import { toolNodeDescription } from '../shared/description/nodeForms';
import { properties, SvcStorage } from './SvcStorage.node';

/** Svc Storage as an AI Agent's tool: the same operations, each with its Tool Description and model inputs. */
export class SvcStorageTool extends SvcStorage {
	description: INodeTypeDescription = toolNodeDescription(
		new SvcStorage().description,
		properties,
		"Works in the user's Svc cloud storage: lists, reads, creates, renames, moves and uploads folders and files. " +
			'A folder or file is given by its hash, its path from ROOT (/Documents/Reports) or its exact name. Returns ' +
			'JSON items with names, hashes, sizes and dates, never edit, upload or delete keys.',
	);
}
