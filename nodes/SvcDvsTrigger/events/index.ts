import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { closingAfter, dvsServiceFor } from '../../shared/services/serviceFor';
import { pollBudgetOf } from '../../shared/polling/budget';
import { emitOnce } from '../../shared/polling/emission';
import { readDvsTriggerSettings } from '../settings';
import { pollNewCommentOnTask } from './newCommentOnTask';
import { pollNewCommentOnTasks } from './newCommentOnTasks';
import { pollNewTask } from './newTask';
import { pollTaskUpdated } from './taskUpdated';

/** Requests one poll may make whatever n8n's time budget (paging, comment checks). */
const MAX_REQUESTS_PER_POLL = 1000;

/** One poll of the Svc DVS Trigger: the chosen event over the node's credential. */
export async function pollDvsTrigger(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readDvsTriggerSettings(this);
	const budget = pollBudgetOf(this, MAX_REQUESTS_PER_POLL);
	return await emitOnce(
		this,
		async (repeats) =>
			await closingAfter(
				dvsServiceFor(this, () => settings.timeoutMs),
				async (dvs) => {
					if (settings.event === 'newTask') return await pollNewTask(this, dvs, settings, budget, repeats);
					if (settings.event === 'taskUpdated') return await pollTaskUpdated(this, dvs, settings, budget, repeats);
					if (settings.taskId !== undefined) return await pollNewCommentOnTask(this, dvs, settings, budget, repeats);
					return await pollNewCommentOnTasks(this, dvs, settings, budget, repeats);
				},
			),
	);
}
