'use strict';
// The end of the trigger test's workflow: an HTTP server on 127.0.0.1 that records every id the
// workflow POSTs to it. It lives in the test's own process, so it outlives n8n's restarts.

const http = require('node:http');

/** Starts the collector on a free port; `deliveries` grows with each POST { id, execution, marked, message, status, reasons }. */
function startCollector() {
	const deliveries = [];
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			try {
				const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
				deliveries.push({
					id: String(body.id),
					execution: body.execution,
					marked: body.marked ?? null,
					message: body.message,
					status: body.status ?? null,
					reasons: body.reasons ?? null,
					at: Date.now(),
				});
				res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
			} catch {
				res.writeHead(400).end('{"error":"body must be JSON"}');
			}
		});
	});
	return new Promise((resolve, reject) => {
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			resolve({
				url: `http://127.0.0.1:${server.address().port}/delivered`,
				deliveries,
				close: () => new Promise((r) => server.close(() => r())),
			});
		});
	});
}

module.exports = { startCollector };
