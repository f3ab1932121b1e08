/**
 * One poll's time, from n8n's poll budget: when to stop paging, when to stop fetching messages,
 * and the deadline each request is given (the poll's service client carries it), so that one
 * stalled request cannot run a poll past its budget.
 */
import type { IPollFunctions } from 'n8n-workflow';

import { ServiceClient } from '../transport/client';

/** n8n's PollContext default; assumed where getPollBudgetMs is missing (older n8n). */
export const ASSUMED_POLL_BUDGET_MS = 5 * 60_000;
/** The least time a request is given, even past the budget: every poll makes progress. */
const MIN_REQUEST_MS = 2_000;

export interface PollBudget {
	/** Paging stops here once something was found. */
	paging: number;
	/** No new message fetch starts after this (after at least one round). */
	messages: number;
	/** The deadline for a request starting now. */
	request(): number;
}

export function pollBudget(this: IPollFunctions): PollBudget {
	const given = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : undefined;
	const budget = given && given > 0 ? given : ASSUMED_POLL_BUDGET_MS;
	const start = Date.now();
	// A request may run to the budget's end, and one started late still gets a tenth of the budget.
	const floor = Math.max(MIN_REQUEST_MS, budget / 10);
	return {
		// Paging stops with a fifth of the budget left, messages with a tenth (one round may still run).
		paging: start + budget * 0.8,
		messages: start + budget * 0.9,
		request: () => Math.max(start + budget, Date.now() + floor),
	};
}

/** What one poll (or manual fetch) works with: its budget, and the client whose calls end within it. */
export interface PollRun {
	budget: PollBudget;
	client: ServiceClient;
	/** Options → Text Encoding: how an X12 message's bytes are read (Latin-1 for partners writing it). */
	encoding: 'utf8' | 'latin1';
}

export function startPoll(this: IPollFunctions, encoding: PollRun['encoding'] = 'utf8'): PollRun {
	const budget = pollBudget.call(this);
	return { budget, client: new ServiceClient(this, { deadline: budget.request }), encoding };
}
