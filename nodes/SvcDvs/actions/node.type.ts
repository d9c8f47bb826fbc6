import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../shared/description/operation';
import type { DvsService } from '../../shared/services/dvs/DvsService';

export interface DvsDeps {
	dvs: DvsService;
}

export type DvsOperation = Operation<DvsDeps>;

/** What an operation does for one item, as a register's operations build it. */
export type DvsExecute = DvsOperation['execute'];

/** The resources that are DVS registers, with their `dvs_section`. */
export type DocumentResource = 'client' | 'contactPerson' | 'project' | 'task';

/** What each register operation builds: its parameters and what it does (the rest comes from the register's data). */
export type DocumentOperation = { description: INodeProperties[]; execute: DvsExecute };
