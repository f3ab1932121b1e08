'use strict';
// The browser for `npm run test:e2e`: Debian's chromium. Installed here with apt-get when missing
// (a fresh CI machine has none); playwright-core's own browser download cannot work offline.

const fs = require('node:fs');
const lib = require('../n8n/lib');

const CHROMIUM = process.env.EDI_CHROMIUM || '/usr/bin/chromium';

/** Returns the chromium executable, installing Debian's package first if it is not there. */
async function ensureChromium({ log = console.log } = {}) {
	if (fs.existsSync(CHROMIUM)) return CHROMIUM;
	const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
	const apt = (...args) =>
		sudo.length ? lib.run('sudo', ['apt-get', ...args]) : lib.run('apt-get', args);
	log(`[e2e] ${CHROMIUM} is missing: apt-get update && apt-get install -y chromium`);
	await apt('update');
	await apt('install', '-y', '--no-install-recommends', 'chromium');
	if (!fs.existsSync(CHROMIUM))
		throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
	return CHROMIUM;
}

module.exports = { ensureChromium, CHROMIUM };
