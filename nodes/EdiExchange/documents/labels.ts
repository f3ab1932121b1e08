/**
 * SSCC-18 carton and pallet labels of a ship notice (856): every pallet and carton without a
 * `serialShippingId` gets one, built from the GS1 company prefix and a serial reference (the next
 * of the option's sequence, or the one given for its line), extension and check digit computed.
 * The builders keep no counter: serials never used before are the caller's to give (a first serial
 * from the user's own sequence, or a function numbering from the execution).
 */
import { serialDigitsFor } from './gs1';
import { type SsccOptions, SsccSequence } from './sscc';
import { DocumentError } from './errors';
import { isObject, type PlainObject } from './fieldReader';

export type { SsccOptions };

/**
 * Labels the packages of `message` in document order (each pallet, then its cartons). A carton
 * whose first item's line is in `serialsByLine` takes that serial reference instead of the next
 * one. Two packages with the same SSCC are refused.
 */
export function labelPackages(
	message: PlainObject,
	options: SsccOptions,
	serialsByLine: Map<string, string> = new Map(),
): void {
	const packages = packagesOf(message, serialsByLine);
	const fromSequence = packages.filter(
		(p) => p.entry.serialShippingId === undefined && p.serial === undefined,
	).length;
	const first =
		typeof options.firstSerial === 'function'
			? options.firstSerial(fromSequence)
			: options.firstSerial;
	const sequence = new SsccSequence({ ...options, firstSerial: first });
	const seen = new Map<string, string>();
	for (const { entry, path, serial } of packages) {
		if (entry.serialShippingId === undefined)
			entry.serialShippingId = serial === undefined ? sequence.take() : ofLine(serial, path);
		const code = String(entry.serialShippingId);
		const earlier = seen.get(code);
		if (earlier !== undefined)
			throw new DocumentError(
				`The SSCC ${code} labels both ${earlier} and ${path}: each package needs its own serial reference`,
				`${path}.serialShippingId`,
			);
		seen.set(code, path);
	}

	function ofLine(serial: string, path: string) {
		const digits = serialDigitsFor(String(options.companyPrefix).length);
		if (!/^\d+$/.test(serial) || serial.length > digits)
			throw new DocumentError(
				`The serial reference ${JSON.stringify(serial)} of ${path} does not fit: with this company prefix a serial reference is 1 to ${digits} digits`,
				`${path}.serialShippingId`,
			);
		return new SsccSequence({ ...options, firstSerial: serial }).take();
	}
}

/** The pallets and cartons in document order (each pallet, then its cartons), with a carton's serial by its first item's line. */
function packagesOf(message: PlainObject, serialsByLine: Map<string, string>) {
	const packages: Array<{ entry: PlainObject; path: string; serial?: string }> = [];
	const orders = Array.isArray(message.orders) ? message.orders : [];
	orders.forEach((order, o) => {
		const pallets = isObject(order) && Array.isArray(order.pallets) ? order.pallets : [];
		pallets.forEach((pallet, p) => {
			if (!isObject(pallet)) return;
			const palletPath = `orders[${o}].pallets[${p}]`;
			packages.push({ entry: pallet, path: palletPath });
			const cartons = Array.isArray(pallet.cartons) ? pallet.cartons : [];
			cartons.forEach((carton, c) => {
				if (!isObject(carton)) return;
				const [item] = Array.isArray(carton.items) ? carton.items : [];
				const line = isObject(item) ? String(item.purchaseOrderLineId) : '';
				packages.push({
					entry: carton,
					path: `${palletPath}.cartons[${c}]`,
					serial: serialsByLine.get(line),
				});
			});
		});
	});
	return packages;
}
