import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { DvsOrder } from '../../../shared/services/dvs/types';
import { collectOffsetPages, OFFSET_PAGE_SIZE, readReturnAll } from '../../../shared/paging';
import {
	filtersProperty,
	readOptionsCollection,
	orderProperty,
	returnAllProperties,
	simplifyProperty,
} from '../common.descriptions';
import { readFilters } from '../filters';
import type { DocumentOperation, DocumentResource, DvsDeps } from '../node.type';
import { documentItems } from '../output';
import { readSimplify } from '../parameters';
import { SECTION_OF } from '../sections';

/** Get Many: a register's documents (get_documents), filtered and ordered, paged by offset. */
export function getManyDocumentsOperation(resource: DocumentResource): DocumentOperation {
	const section = SECTION_OF[resource];
	const description = updateDisplayOptions({ show: { resource: [resource], operation: ['getMany'] } }, [
		...returnAllProperties,
		filtersProperty,
		orderProperty,
		simplifyProperty,
		readOptionsCollection(),
	]);
	async function execute(this: IExecuteFunctions, itemIndex: number, { dvs }: DvsDeps): Promise<INodeExecutionData[]> {
		const { limit: max } = readReturnAll(this, itemIndex, OFFSET_PAGE_SIZE);
		const order = this.getNodeParameter('order', itemIndex, 'newest') as DvsOrder;
		const schema = await dvs.getFields(section, itemIndex);
		const filters = readFilters(this, itemIndex, schema);
		const documents = await collectOffsetPages<IDataObject>(
			async (offset, limit) => await dvs.listDocuments(section, { offset, limit, order, filters }, itemIndex),
			{ max },
		);
		return await documentItems(dvs, section, documents, readSimplify(this, itemIndex), itemIndex);
	}
	return { description, execute };
}
