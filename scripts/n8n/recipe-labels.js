'use strict';
// The "850 → 855 → 856 → carton labels to a printer" recipe (examples/recipes/labels-to-printer.json)
// in real n8n, for test-recipes.js: imported as it ships, but for Send to Printer's URL, which points
// at a small server standing in for the printer's HTTP endpoint (a Zebra printer's /pstprnt takes
// the ZPL as the request body). The demo partner sends an 850; the published workflow acknowledges
// it, ships it with an SSCC on every pallet and carton, prints the labels and posts them. The check,
// as a warehouse would see it: the printer got ONE file of ZPL, every label of it renders and scans
// (harness/labelScanner.ts: zpl-renderer-js, zxing-wasm) with exactly the SSCCs of the 856 the partner
// received and the ship-to postal code as GS1-128 (AI 420); the partner accepted the 856.

const http = require('node:http');
const tsx = require('tsx/cjs/api');

const FILE = 'labels-to-printer.json';
const SHIPPED_PRINTER_URL = 'http://192.168.1.50/pstprnt';

const { checkLabels, scanLabels, ssccsOf, stopScanning } = tsx.require(
	'../../harness/labelScanner.ts',
	__filename,
);

const log = (msg) => process.stdout.write(`${msg}\n`);

function assert(condition, message) {
	if (!condition) throw new Error(message);
}

/** The printer's stand-in: records each POST's body and content type. */
function startPrinter() {
	const printer = { received: [], url: '' };
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			printer.received.push({
				path: req.url,
				contentType: req.headers['content-type'],
				body: Buffer.concat(chunks).toString('latin1'),
			});
			res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
		});
	});
	return new Promise((resolve) =>
		server.listen(0, '127.0.0.1', () => {
			printer.url = `http://127.0.0.1:${server.address().port}/pstprnt`;
			printer.close = () => new Promise((r) => server.close(() => r()));
			resolve(printer);
		}),
	);
}

/** The recipe as imported: Send to Printer pointed at the stand-in. */
const labelsRecipes = (printer) => [
	{
		file: FILE,
		adapt: (w) => JSON.parse(JSON.stringify(w).split(SHIPPED_PRINTER_URL).join(printer.url)),
	},
];

async function labelsRecipe(stack, printer) {
	await stack.publish(FILE);
	const { transactionId, purchaseOrderNumber } = await stack.admin('POST', '/partner/send-850', {});
	await stack.pollNow(FILE);
	const lib = require('./lib');
	await lib.waitFor('the printer to get the labels', async () => printer.received.length > 0, {
		timeoutMs: 120000,
		intervalMs: 1000,
	});
	await lib.sleep(2000); // a second file would be a second print run
	assert(printer.received.length === 1, `the printer got ${printer.received.length} files, not 1`);
	const [printed] = printer.received;
	const requests = await stack.admin('GET', '/requests');
	const sent = requests.find(
		(r) =>
			r.method === 'POST' &&
			r.body &&
			r.body.type === '856_SHIP_NOTICE_MANIFEST' &&
			r.body.message.orders[0].purchaseOrderNumber === purchaseOrderNumber,
	);
	assert(sent, `no 856 for ${purchaseOrderNumber} (850 ${transactionId}) reached the partner`);
	const ssccs = ssccsOf(sent.body.message);
	const scanned = await scanLabels(printed.body);
	await stopScanning();
	const verdict = checkLabels(scanned, {
		ssccs,
		postalCode: sent.body.message.parties.shipTo.postalCode,
	});
	assert(verdict.problems.length === 0, verdict.problems.join('; '));
	const card = await stack.admin('GET', '/scorecard');
	const entry = card.purchaseOrders.find((o) => o.purchaseOrderNumber === purchaseOrderNumber);
	assert(
		entry && entry['856'] && entry['856'].state === 'accepted',
		`the partner's 856 verdict: ${JSON.stringify(entry && entry['856'])}`,
	);
	log(
		`  PASS the printer got one ZPL file (${printed.contentType}, ${printed.body.length} bytes) to ${printed.path}: ${scanned.length} labels, each scanned as GS1-128 (00) + the SSCC the accepted 856 carries for it and (420) ${sent.body.message.parties.shipTo.postalCode}; SSCCs ${ssccs[0]} … ${ssccs[ssccs.length - 1]}`,
	);
}

module.exports = { FILE, labelsRecipes, labelsRecipe, startPrinter };
