'use strict';
// What the trigger test does to an activated workflow, in order, on one n8n instance. Each
// scenario inserts inbound 850s and makes the trigger poll the way that scenario names; losses and
// duplicates are counted per scenario at the very end, so a late delivery still counts.

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
			const since = Date.now();
			await instance.activate({ wait: false });
			// Crash as soon as the activation's poll reaches the service.
			await instance.waitForPoll(since, { timeoutMs: 60000, intervalMs: 50 });
			await instance.stop('SIGKILL');
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

module.exports = { SCENARIOS, runScenarios };
