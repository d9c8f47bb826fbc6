import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { DvsService } from '../../shared/services/dvs/DvsService';

export interface DvsDeps {
	dvs: DvsService;
}

export interface DvsOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number, deps: DvsDeps): Promise<INodeExecutionData[]>;
}

export type DvsResource = 'attachment' | 'client' | 'comment' | 'contactPerson' | 'project' | 'task' | 'user';

/** The resources that are DVS registers, with their `dvs_section`. */
export type DocumentResource = 'client' | 'contactPerson' | 'project' | 'task';
