/**
 * One activated poll: the only place that reads and writes the trigger's state.
 *
 * n8n 2.41 persists a poll trigger's static data in two ways (see the README, "Where the state
 * lives"). By default the node's static data is saved when a poll emits and at activation. With
 * durable cursors it is a cursor row committed with each execution or after an empty scheduled
 * poll, but the poll at activation commits nothing, so the baseline it records would be lost and
 * the first scheduled poll would take its own, later baseline, losing what arrived in between.
 * The workflow's global static data, though, is saved at activation in both modes. So every
 * baseline is also recorded there, under this node's name, and a poll that finds no state for its
 * settings takes that recorded baseline up instead of starting a new one.
 */
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import type { PollRun } from './budget';
import { applyDuplicates, type Emitted, readEmitted } from './duplicates';
import { pollInbox } from './inbox';
import type { TriggerSettings } from './settings';
import {
	readState,
	storedForm,
	writeState,
	type InboxState,
	type ListState,
	type OutcomeState,
	type PollState,
	type SourceResult,
} from './state';
import { pollOutcomes } from './outcomes';
import { pollTransactions } from './transactions';

const recordName = (nodeName: string) => `ediExchangeTrigger baseline: ${nodeName}`;

/** What a reset means for documents that arrived meanwhile, said once, with the reason. */
function warnReset(this: IPollFunctions, settings: TriggerSettings, why: string): void {
	const what =
		settings.source === 'inbox'
			? 'inbox deliveries'
			: settings.source === 'outcomes'
				? 'outcomes of sent documents'
				: 'inbound transactions';
	this.logger.warn(
		`EDI Exchange Trigger "${this.getNode().name}": the stored state was reset because ${why}. A new baseline is recorded now: ${what} that arrived since the last successful poll are taken for backlog and not emitted (find them with EDI Exchange → Get Many); everything arriving from now on is emitted once.`,
	);
}

/** The state to poll from: the stored one, or a baseline recorded at activation but not kept with the node. */
function startingState(
	this: IPollFunctions,
	settings: TriggerSettings,
	stored: IDataObject,
	records: IDataObject,
): PollState | undefined {
	const now = Date.now();
	const reading = readState<PollState>(stored, settings.source, settings.key, now);
	if (reading.state) return reading.state;
	// Only a missing state or one of other settings may give way to the record, never a corrupt one.
	const previous = stored.state as IDataObject | undefined;
	const replaceable =
		previous === undefined ||
		(typeof previous === 'object' && previous !== null && previous.key !== settings.key);
	const recorded = records[recordName(this.getNode().name)];
	if (replaceable && recorded !== undefined) {
		const taken = readState<PollState>(
			{ state: recorded },
			settings.source,
			settings.key,
			now,
		).state;
		if (taken) return taken;
	}
	if (reading.problem) warnReset.call(this, settings, reading.problem);
	return undefined;
}

export async function pollActivated(
	this: IPollFunctions,
	settings: TriggerSettings,
	run: PollRun,
): Promise<INodeExecutionData[] | null> {
	const stored = this.getWorkflowStaticData('node');
	const records = this.getWorkflowStaticData('global');
	const state = startingState.call(this, settings, stored, records);
	const result: SourceResult =
		settings.source === 'inbox'
			? await pollInbox.call(this, settings, state as InboxState | undefined, run)
			: settings.source === 'outcomes'
				? await pollOutcomes.call(this, settings, state as OutcomeState | undefined, run)
				: await pollTransactions.call(this, settings, state as ListState | undefined, run);
	if (result.problem) warnReset.call(this, settings, result.problem);

	const { items, emitted } = withDuplicates.call(this, settings, stored, result.items);
	writeState(stored, result.next);
	// Beside the poll state, which writeState replaces whole: what Duplicates remembers.
	if (emitted) stored.emittedDocuments = emitted;
	const name = recordName(this.getNode().name);
	if (result.baseline) records[name] = storedForm(result.next);
	else if (name in records) delete records[name];
	return items.length ? items : null;
}

/** Options → Duplicates: flags or skips what was already emitted within the window. */
function withDuplicates(
	this: IPollFunctions,
	settings: TriggerSettings,
	stored: IDataObject,
	items: INodeExecutionData[],
): { items: INodeExecutionData[]; emitted?: Emitted } {
	if (settings.duplicates === 'off') return { items };
	const now = Date.now();
	const emitted = readEmitted(stored.emittedDocuments, now, settings.duplicateWindowMs);
	if (items.length === 0) return { items, emitted };
	const result = applyDuplicates(items, emitted, settings.duplicates, now);
	if (result.duplicates && settings.duplicates === 'skip')
		this.logger.info(
			`EDI Exchange Trigger "${this.getNode().name}": ${result.duplicates} document(s) skipped as duplicates of ones emitted within the window`,
		);
	return { items: result.items, emitted: result.emitted };
}
