import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentLocator, readOptionsCollection, simplifyProperty } from '../common.descriptions';
import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import { documentItems } from '../output';
import { readDocument, readSimplify } from '../parameters';
import { NOUN_OF, SECTION_OF } from '../sections';

/** Get: one document of a register by ID (get_document), with its html fields. */
export function getDocumentOperation(resource: DocumentResource, displayName: string): DocumentOperation {
	const section = SECTION_OF[resource];
	const noun = NOUN_OF[section];
	const description = updateDisplayOptions({ show: { resource: [resource], operation: ['get'] } }, [
		documentLocator({ name: 'documentId', displayName, section, description: `The ${noun} to read` }),
		simplifyProperty,
		readOptionsCollection(),
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number, { dvs }: DvsDeps): Promise<INodeExecutionData[]> {
		const documentId = await readDocument(this, dvs, { name: 'documentId', label: displayName, section }, itemIndex);
		const document = await dvs.getDocument(section, documentId, itemIndex);
		return await documentItems(dvs, section, [document], readSimplify(this, itemIndex), itemIndex);
	}
	return { description, execute };
}
