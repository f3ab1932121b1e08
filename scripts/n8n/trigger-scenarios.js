'use strict';
// What the trigger test does to an activated workflow, in order, on one n8n instance. Each
// scenario inserts inbound 850s and makes the trigger poll the way that scenario names; losses and
// duplicates are counted per scenario at the very end, so a late delivery still counts. With the
// outcomes source (OUTCOME_SCENARIOS) the "inserts" are invoices sent to the partner, whose answers
// (delayed, or never: OVERDUE) make the outcomes.

const lib = require('./lib');

/** n8n restarted with `signal` while idle: documents arrive before the stop and while it is down. */
async function restart(instance, signal) {
	await instance.insert(3);
	await instance.stop(signal);
	await instance.insert(3); // arrives while n8n is down
	await instance.start();
	await instance.waitForStatus('published');
	await instance.waitForPoll(instance.startedAt); // default mode polls at start-up, durable cursors on schedule
	await instance.settle();
}

const SCENARIOS = [
	{
		name: 'first activation',
		run: async (instance) => {
			await instance.activate();
			await instance.insert(5); // after publishing, before the first scheduled poll
			await instance.nextPoll();
		},
	},
	{
		name: 'scheduled poll',
		run: async (instance) => {
			await instance.insert(3);
			await instance.sendOrder();
			await instance.nextPoll();
		},
	},
	{
		name: 'unpublish / publish ×3',
		run: async (instance) => {
			for (let round = 0; round < 3; round++) {
				await instance.insert(2);
				await instance.deactivate();
				await instance.insert(2); // arrives while unpublished
				const since = Date.now();
				await instance.activate(); // each activation polls at once (default mode)
				await instance.waitForPoll(since);
				await instance.settle();
			}
		},
	},
	{ name: 'SIGTERM restart', run: (instance) => restart(instance, 'SIGTERM') },
	{ name: 'SIGKILL restart', run: (instance) => restart(instance, 'SIGKILL') },
	{
		name: 'SIGKILL during an activation poll',
		run: async (instance) => {
			await instance.insert(4);
			await instance.deactivate();
			// The service holds its answers, so the kill lands while the poll waits for the list:
			// before anything is emitted or saved, whatever the machine's load (without it the kill
			// sometimes landed inside n8n's own window between saving the state and running the
			// execution, which the default and queue modes leave open: docs/persistence.md).
			await instance.holdAnswers(3000);
			const since = Date.now();
			await instance.activate({ wait: false });
			// Crash as soon as the activation's poll reaches the service.
			await instance.waitForPoll(since, { timeoutMs: 60000, intervalMs: 50 });
			await instance.stop('SIGKILL');
			await instance.holdAnswers(0);
			const ids = new Set(instance.inserted.get(instance.scenario));
			const before = instance.collector.deliveries.filter((d) => ids.has(d.id)).length;
			instance.log(
				`SIGKILL during an activation poll: ${before} of ${ids.size} delivered before the kill`,
			);
			await instance.start();
			await instance.waitForStatus('published'); // the outbox lease runs out, the activation resumes
			await instance.waitForPoll(instance.startedAt);
			await instance.settle();
		},
	},
	{
		name: 'final scheduled poll',
		run: async (instance) => {
			await instance.insert(2);
			await instance.nextPoll();
		},
	},
];

/** Unpublish, publish: the activation polls at once (default mode); waits for its deliveries. */
async function republish(instance) {
	await instance.deactivate();
	const since = Date.now();
	await instance.activate();
	await instance.waitForPoll(since);
	await instance.settle();
}

/** Throws unless every id reached the collector by now: nothing held them back. */
function arrived(instance, ids) {
	const got = new Set(instance.collector.deliveries.map((d) => d.id));
	const missing = ids.filter((id) => !got.has(id));
	if (missing.length) throw new Error(`transaction(s) ${missing.join(', ')} held back`);
}

/**
 * Poison documents (issue #22): one inbound transaction whose message answers 500 every time, one
 * whose message answers 404, among others. The others must arrive at the first poll after them,
 * each once; the poison ones once each, marked (messageError's HTTP status reaches the collector):
 * the 404 at once, the 500 after MESSAGE_ATTEMPTS (3) polls. Checked by checkPoison at the end.
 */
const POISON_SCENARIOS = [
	{
		name: 'first activation',
		run: async (instance) => {
			await instance.activate();
			await instance.insert(2);
			await republish(instance);
		},
	},
	{
		name: 'a message answering 500 among others',
		run: async (instance) => {
			const [before, poison, after] = await instance.insert(3);
			instance.poison.set(poison, '500');
			await instance.failMessages();
			await republish(instance); // the poison one is held (1 of 3)
			arrived(instance, [before, after]);
			const [later] = await instance.insert(1);
			await republish(instance); // held (2 of 3)
			arrived(instance, [later]);
			await republish(instance); // the poison one arrives, marked
			arrived(instance, [poison]);
		},
	},
	{
		name: 'a message answering 404 among others',
		run: async (instance) => {
			const [poison, other] = await instance.insert(2);
			instance.poison.set(poison, '404');
			await instance.failMessages();
			await republish(instance); // both arrive at once, the poison one marked
			arrived(instance, [poison, other]);
		},
	},
	{
		name: 'final scheduled poll',
		run: async (instance) => {
			await instance.insert(2);
			await instance.nextPoll();
		},
	},
];

/** Seconds the partner takes to answer where its answers must come while n8n polls, stops or is down. */
const ANSWER_AFTER_S = 4;

/**
 * n8n stopped with `signal` while the partner's answers are on their way: 3 invoices answered while
 * it stops, 2 sent and answered while it is down; the restart's activation poll must emit them.
 */
async function restartWhileAnswering(instance, signal) {
	await instance.answers({ delaySeconds: ANSWER_AFTER_S });
	await instance.insert(3);
	await instance.stop(signal);
	await instance.insert(2);
	await lib.sleep(ANSWER_AFTER_S * 1000);
	await instance.start();
	await instance.waitForStatus('published');
	await instance.waitForPoll(instance.startedAt);
	await instance.settle();
}

/** How many of the current scenario's ids have reached the collector. */
function arrivedOfScenario(instance) {
	const ids = new Set(instance.inserted.get(instance.scenario));
	return new Set(instance.collector.deliveries.filter((d) => ids.has(d.id)).map((d) => d.id)).size;
}

/**
 * The trigger's Outcomes source (issue #39): each invoice the partner rejects, or leaves unanswered
 * past its window (OVERDUE), must be emitted once, whether the answer comes before a poll, between
 * two polls, while n8n stops, or while it is down. Checked by checkOutcomes at the end.
 */
const OUTCOME_SCENARIOS = [
	{
		name: 'first activation',
		run: async (instance) => {
			await instance.activate(); // the first poll notes where things stand
			await instance.insert(3); // answered at once: REJECTED
			await republish(instance);
		},
	},
	{
		name: 'answered between two polls',
		run: async (instance) => {
			await instance.answers({ delaySeconds: ANSWER_AFTER_S });
			await instance.insert(3);
			// Sent, not answered yet; the poll's settle waits 8 s of quiet, past the answers.
			await republish(instance);
			instance.log(
				`answered between two polls: ${arrivedOfScenario(instance)} of 3 emitted before the answers`,
			);
			await republish(instance);
		},
	},
	{
		name: 'SIGTERM while answering',
		run: (instance) => restartWhileAnswering(instance, 'SIGTERM'),
	},
	{
		name: 'SIGKILL while answering',
		run: (instance) => restartWhileAnswering(instance, 'SIGKILL'),
	},
	{
		name: 'overdue (no answer within the window)',
		run: async (instance) => {
			await instance.answers({ silentFor: ['810'], windowMinutes: 0.05 }); // 3 s
			await instance.insert(2);
			await lib.sleep(4000);
			await republish(instance);
			await instance.answers({});
		},
	},
	{
		name: 'final poll',
		run: async (instance) => {
			await instance.answers({ delaySeconds: 2 });
			await instance.insert(2);
			await lib.sleep(3000); // answered while n8n runs
			// A poll now, not the schedule's (up to a minute away): it would also re-emit anything
			// a restart left unsaved; such a repeat may reach the collector after the new ones.
			await republish(instance);
			await lib.sleep(5000);
		},
	},
];

/** Runs the scenarios in order; one that throws stops the rest (they are reported as not run). */
async function runScenarios(instance, scenarios = SCENARIOS) {
	const errors = [];
	for (const scenario of scenarios) {
		if (errors.length) {
			errors.push({ scenario: scenario.name, message: 'not run' });
			continue;
		}
		instance.scenario = scenario.name;
		const t = Date.now();
		try {
			await scenario.run(instance);
			instance.log(`${scenario.name}: done (${Math.round((Date.now() - t) / 1000)} s)`);
		} catch (e) {
			errors.push({ scenario: scenario.name, message: e.message });
			instance.log(`${scenario.name}: FAILED — ${e.message.split('\n')[0]}`);
		}
	}
	return errors;
}

module.exports = { OUTCOME_SCENARIOS, POISON_SCENARIOS, SCENARIOS, runScenarios };
