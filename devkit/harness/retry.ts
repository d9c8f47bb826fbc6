import { UnexpectedError, type IRun, type IRunExecutionData, type Workflow } from 'n8n-workflow';
import { parse, stringify } from 'flatted';

import type { HarnessNode } from './execution';

/** How n8n's Retry execution is asked for (the executions list's two Retry entries). */
export interface RetryOptions {
	/**
	 * "Retry with currently saved workflow": the workflow's nodes as saved now (an edited node, say).
	 * Without it, "Retry with original workflow": the nodes the execution ran with.
	 */
	nodes?: HarnessNode[];
}

/** The execution's data as n8n saves it (execution_data.data): the whole IRunExecutionData, flatted. */
export function savedExecutionData(run: IRun): string {
	return stringify(run.data);
}

/**
 * A failed run's data as n8n's Retry execution starts from it (n8n's execution.service `retry`):
 * read back as saved, without the execution's error and without the failed node's last run, so the
 * node runs again under the same run index. With the currently saved workflow, each node on the
 * execution stack is replaced by the saved node of its name (a node no longer there is an error).
 * An execution that succeeded is refused, as n8n refuses it.
 */
export function dataForRetry(run: IRun, savedWorkflow?: Workflow): IRunExecutionData {
	if (run.finished) throw new UnexpectedError('The execution succeeded, so it cannot be retried.');
	const data = parse(savedExecutionData(run)) as IRunExecutionData;
	const { lastNodeExecuted } = data.resultData;
	delete data.resultData.error;
	const runs = lastNodeExecuted ? data.resultData.runData[lastNodeExecuted] : undefined;
	if (runs?.length && runs[runs.length - 1].error !== undefined) runs.pop();
	if (savedWorkflow) {
		for (const entry of data.executionData?.nodeExecutionStack ?? []) {
			const node = savedWorkflow.getNode(entry.node.name);
			if (!node) throw new UnexpectedError(`Could not find the node "${entry.node.name}" in workflow`);
			entry.node = node;
		}
	}
	return data;
}
