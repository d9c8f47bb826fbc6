import type { IPollFunctions } from 'n8n-workflow';

/** The share of n8n's poll budget spent on optional requests; the rest covers answering. */
const BUDGET_SHARE = 0.5;

/**
 * What one poll may still spend. n8n 2.41 tells a poll how long it may run
 * (`getPollBudgetMs`); older versions do not, and then only the request cap applies. A poll
 * always makes the requests it needs to stay correct (the first listing), and asks the
 * budget before every optional one (further pages, downloads, comment checks), so a large
 * backlog is drained over several polls instead of being abandoned half-way.
 */
export class PollBudget {
	private spent = 0;

	private readonly deadline: number | undefined;

	constructor(
		private readonly maxRequests: number,
		budgetMs: number | undefined,
		private readonly clock: () => number = Date.now,
	) {
		this.deadline = budgetMs !== undefined && budgetMs > 0 ? this.clock() + budgetMs * BUDGET_SHARE : undefined;
	}

	/** Takes one optional request if the budget allows it. */
	take(): boolean {
		if (this.spent >= this.maxRequests) return false;
		if (this.deadline !== undefined && this.clock() >= this.deadline) return false;
		this.spent++;
		return true;
	}

	/** Counts a request that the poll must make whatever the budget. */
	spend(): void {
		this.spent++;
	}

	get requests(): number {
		return this.spent;
	}
}

/** How long n8n lets this poll run (ms), if this n8n version says. */
export function pollBudgetMsOf(ctx: IPollFunctions): number | undefined {
	const offered = (ctx as Partial<Pick<IPollFunctions, 'getPollBudgetMs'>>).getPollBudgetMs;
	const budgetMs = typeof offered === 'function' ? Number(offered.call(ctx)) : undefined;
	return Number.isFinite(budgetMs) ? budgetMs : undefined;
}

/** The poll's budget from the engine, if this n8n version offers one. */
export function pollBudgetOf(ctx: IPollFunctions, maxRequests: number): PollBudget {
	return new PollBudget(maxRequests, pollBudgetMsOf(ctx));
}
