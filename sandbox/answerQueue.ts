/**
 * The partner's X12 answers (997, 824) waiting for their time (acknowledgments.delaySeconds):
 * each becomes an inbound transaction at the first request on or after its `dueAt`.
 */
import type { AnswerSet } from './partner/x12Answers';
import type { Stream } from './types';

export interface PendingAnswer extends AnswerSet {
	/** Epoch milliseconds. */
	dueAt: number;
	/** The organization that sent what is answered. */
	receiverId: string;
	stream: Stream;
}

export class AnswerQueue {
	private pending: PendingAnswer[] = [];

	get all(): PendingAnswer[] {
		return [...this.pending];
	}

	add(answers: PendingAnswer[]): void {
		this.pending.push(...answers);
	}

	/** Takes out the answers due at `now`, oldest first. */
	takeDue(now: number): PendingAnswer[] {
		if (!this.pending.some((a) => a.dueAt <= now)) return [];
		const due = this.pending.filter((a) => a.dueAt <= now);
		this.pending = this.pending.filter((a) => a.dueAt > now);
		return due;
	}

	load(answers: PendingAnswer[] | undefined): void {
		this.pending = [...(answers ?? [])];
	}
}
