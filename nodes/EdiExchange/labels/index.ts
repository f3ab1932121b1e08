/**
 * Carton and pallet labels of a ship notice: the 856 message → one GS1 logistics label in ZPL II
 * per pallet and carton, each carrying the SSCC the 856 carries for it (docs/labels.md). Pure: no
 * n8n, no HTTP, no clock; the action node turns the result into binary data.
 */
import type { PlainObject } from '../documents/fieldReader';
import { DocumentError } from '../documents/errors';
import { isCompanyPrefix } from '../documents/gs1';
import { labelZpl, type Resolution } from './layout';
import { readShipment, unsentPackages } from './shipment';

export { DOTS_PER_MM, LABEL_MM, type Resolution } from './layout';

export interface LabelOptions {
	/** Default 203. */
	resolution?: Resolution;
	/** The GS1 company prefix: each SSCC must carry it, and its human-readable line shows it apart. */
	companyPrefix?: string;
	/** The shipper's address, when the 856 has no parties.shipFrom. */
	shipFrom?: PlainObject;
	/**
	 * The message the 856 was written from, when `shipNotice` is the 856 as sent (its X12): what
	 * it labels that the 856 does not gets no label, and a warning.
	 */
	writtenFrom?: unknown;
}

export interface Label {
	sscc: string;
	kind: 'pallet' | 'carton';
	number: number;
	of: number;
	purchaseOrderNumber?: string;
	/** Where its package is in the 856: orders[0].pallets[0].cartons[1]. */
	path: string;
	zpl: string;
}

export interface ShipmentLabels {
	shipmentId: string;
	labels: Label[];
	/** Every label, one after the other: the file for the shipment. */
	zpl: string;
	/** Packages of the message the 856 sent does not label; text transliterated to print. */
	warnings: string[];
}

/** The labels of `shipNotice`; a DocumentError naming the field when one cannot be made. */
export function writeLabels(shipNotice: unknown, options: LabelOptions = {}): ShipmentLabels {
	const resolution = options.resolution ?? 203;
	if (resolution !== 203 && resolution !== 300)
		throw new DocumentError(
			`The resolution is ${JSON.stringify(resolution)}: 203 or 300 dpi`,
			'resolution',
		);
	const prefix = options.companyPrefix?.trim() || undefined;
	if (prefix !== undefined && !isCompanyPrefix(prefix))
		throw new DocumentError(
			`The company prefix is ${JSON.stringify(prefix)}: a GS1 company prefix is 7 to 10 digits`,
			'companyPrefix',
		);
	const shipment = readShipment(shipNotice, options.shipFrom);
	const warnings = unsentPackages(options.writtenFrom, shipment.packages);
	const labels = shipment.packages.map((pkg): Label => {
		if (prefix !== undefined && pkg.sscc.slice(1, 1 + prefix.length) !== prefix)
			throw new DocumentError(
				`${pkg.path}.serialShippingId is ${pkg.sscc}: it does not carry the company prefix ${prefix} (digits 2 to ${prefix.length + 1})`,
				`${pkg.path}.serialShippingId`,
			);
		const { sscc, kind, number, of, purchaseOrderNumber, path } = pkg;
		const zpl = labelZpl(shipment, pkg, resolution, {
			warnings,
			companyPrefixLength: prefix?.length,
		});
		return { sscc, kind, number, of, purchaseOrderNumber, path, zpl };
	});
	return {
		shipmentId: shipment.shipmentId,
		labels,
		zpl: `${labels.map((l) => l.zpl).join('\n')}\n`,
		warnings: [...new Set(warnings)],
	};
}
