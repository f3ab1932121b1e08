/**
 * `npm run labels:preview`: the example labels the docs show (docs/labels.md), made the way the
 * node makes them and rendered from the same ZPL. The demo partner's 850 (PO-1001) → Build From
 * Purchase Order's 856 (SSCCs with GS1's example company prefix 0614141) → the label writer →
 * each label rendered by zpl-renderer-js and scanned by zxing-wasm (the tests' check: exactly the
 * 856's SSCCs, the ship-to postal code as AI 420). Writes docs/images/label-pallet.png and
 * label-carton.png (203 dpi) and docs/images/label-carton-300dpi.png; exits 1 when a check fails.
 *
 *   npm run labels:preview [-- --out DIR]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

import { buildShipNotice } from '../nodes/EdiExchange/documents';
import { writeLabels } from '../nodes/EdiExchange/labels';
import { makePurchaseOrder } from '../sandbox/partner/orders';
import { checkLabels, scanLabels, ssccsOf, stopScanning } from '../harness/labelScanner';

const ROOT = resolve(__dirname, '..');
const { values } = parseArgs({ options: { out: { type: 'string', default: 'docs/images' } } });

async function main(): Promise<boolean> {
	const order = makePurchaseOrder(1001, new Date('2026-11-20T12:00:00Z'));
	const shipNotice = buildShipNotice(order, {
		shipDate: '2026-11-21',
		carrierScac: 'FDEG',
		billOfLadingNumber: 'BOL-20261121-1',
		sscc: { companyPrefix: '0614141', firstSerial: '123456789' },
	});
	const shipFrom = {
		name: 'Your Company Inc.',
		addressLine1: '100 Warehouse Way',
		city: 'Newark',
		stateOrProvinceCode: 'NJ',
		postalCode: '07102',
		countryCode: 'US',
	};
	const out = resolve(ROOT, values.out!);
	mkdirSync(out, { recursive: true });
	let ok = true;
	const files: Array<[string, number, number]> = [
		['label-pallet.png', 203, 0],
		['label-carton.png', 203, 1],
		['label-carton-300dpi.png', 300, 1],
	];
	for (const resolution of [203, 300] as const) {
		const { labels, zpl } = writeLabels(shipNotice, {
			shipFrom,
			companyPrefix: '0614141',
			resolution,
		});
		const scanned = await scanLabels(zpl, resolution === 300 ? 12 : 8);
		const verdict = checkLabels(scanned, {
			ssccs: ssccsOf(shipNotice),
			postalCode: '10001',
		});
		console.log(
			`${resolution} dpi: ${labels.length} labels, ${verdict.problems.length ? verdict.problems.join('; ') : 'every barcode scans as the 856 says'}`,
		);
		ok = ok && verdict.problems.length === 0;
		for (const [name, dpi, index] of files.filter(([, dpi]) => dpi === resolution)) {
			writeFileSync(join(out, name), scanned[index].png);
			console.log(
				`  ${relative(ROOT, join(out, name))}: ${labels[index].kind} ${labels[index].sscc} (${dpi} dpi)`,
			);
		}
	}
	return ok;
}

main()
	.then(async (ok) => {
		await stopScanning();
		process.exitCode = ok ? 0 : 1;
	})
	.catch(async (error) => {
		console.error(error);
		await stopScanning();
		process.exitCode = 1;
	});
