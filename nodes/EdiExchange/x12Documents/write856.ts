/**
 * The 856 (ship notice) as X12 004010 segments: BSN, then the HL hierarchy with TD1/TD5/REF/DTM/N1
 * at the shipment, PRF at each order, MAN*GM (SSCC-18) at each package and LIN/SN1 at each item,
 * then CTT. Three shapes, as retailers' guides ask for them:
 * - `shipmentOrderPackItem` (pick and pack, the default): S → O → P → I, one P per carton;
 * - `shipmentOrderItem` (flat, standard pack): S → O → I, no packages;
 * - `shipmentOrderTarePackItem` (with tare): S → O → T → P → I, one T per pallet.
 */
import { type Decimal } from '../documents/decimal';
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject } from '../documents/fieldReader';
import {
	type CodeList,
	codeFor,
	HIERARCHY_STRUCTURES,
	PACKAGING,
	PURPOSES,
	ROUTING_SEQUENCES,
	SERVICE_LEVELS,
	TRANSPORT_METHODS,
	WEIGHT_UNITS,
} from './codes';
import { productIdPairs, unitCode, writeDates, writeParties, writeReferences } from './common';
import { SegmentWriter, spec, type WriteOptions } from './elements';
import { quantityOf, writeDescription, writeTotals } from './lines';
import { isValidSscc } from '../documents/gs1';
import { SsccSequence, type SsccSequenceOptions } from '../documents/sscc';
import { messageOf } from './write855';

export type ShipNoticeHierarchy =
	'shipmentOrderPackItem' | 'shipmentOrderItem' | 'shipmentOrderTarePackItem';
export const SHIP_NOTICE_HIERARCHIES: readonly ShipNoticeHierarchy[] = [
	'shipmentOrderPackItem',
	'shipmentOrderItem',
	'shipmentOrderTarePackItem',
];
export interface ShipNoticeWriteOptions extends WriteOptions {
	/** Default `shipmentOrderPackItem`. */
	hierarchy?: ShipNoticeHierarchy;
	/** Numbers packages without a serialShippingId of their own (MAN*GM); without it they carry no MAN. */
	sscc?: SsccSequenceOptions;
	/** BSN03, YYYY-MM-DD: the date the notice is made. Default the ship date. */
	date?: string;
	/** BSN04, HHMM: the time the notice is made. Default "0000" (writers never read the clock). */
	time?: string;
}

const DOCUMENT = 'ship notice (856)';

/** A node of the hierarchy before it is numbered. */
interface Level {
	code: 'S' | 'O' | 'T' | 'P' | 'I';
	write: () => void;
	children: Level[];
}

/** The 856 message (as buildShipNotice returns it) → its segments, without ST/SE. */
export function write856(shipNotice: unknown, options: ShipNoticeWriteOptions = {}): string[][] {
	const message = messageOf(shipNotice, 'shipmentId', DOCUMENT);
	const hierarchy = options.hierarchy ?? 'shipmentOrderPackItem';
	if (!SHIP_NOTICE_HIERARCHIES.includes(hierarchy)) throw codeError(hierarchy);
	const w = new SegmentWriter(DOCUMENT, options);
	const sscc = options.sscc ? new SsccSequence(options.sscc) : undefined;
	const dates = isObject(message.dates) ? message.dates : {};
	w.add(
		'BSN',
		codeFor(PURPOSES, message.purpose ?? 'original', 'purpose', DOCUMENT),
		w.required(message.shipmentId, spec('BSN02'), 'shipmentId'),
		w.requiredDate(
			options.date ?? dates.shipDate,
			spec('BSN03'),
			options.date ? 'options.date' : 'dates.shipDate',
		),
		w.time(options.time ?? '0000', spec('BSN04'), 'options.time'),
		HIERARCHY_STRUCTURES.code(hierarchy),
	);

	const quantities: Decimal[] = [];
	const item = (entry: unknown, path: string): Level => ({
		code: 'I',
		children: [],
		write: () => quantities.push(writeItem(w, entry, path)),
	});
	const pack = (code: 'T' | 'P', entry: PlainObject, path: string, children: Level[]): Level => ({
		code,
		children,
		write: () => writePackage(w, entry, path, sscc),
	});
	const orders = arrayAt(w, message.orders, 'orders').map((order, o): Level => {
		const path = `orders[${o}]`;
		const children: Level[] = [];
		arrayAt(w, order.pallets, `${path}.pallets`).forEach((pallet, p) => {
			const palletPath = `${path}.pallets[${p}]`;
			const cartons = Array.isArray(pallet.cartons)
				? arrayAt(w, pallet.cartons, `${palletPath}.cartons`)
				: [];
			const direct = Array.isArray(pallet.items)
				? arrayAt(w, pallet.items, `${palletPath}.items`)
				: [];
			const items = (list: PlainObject[], at: string) =>
				list.map((e, i) => item(e, `${at}.items[${i}]`));
			const cartonItems = (c: PlainObject, i: number) =>
				items(
					arrayAt(w, c.items, `${palletPath}.cartons[${i}].items`),
					`${palletPath}.cartons[${i}]`,
				);
			if (hierarchy === 'shipmentOrderItem') {
				cartons.forEach((c, i) => children.push(...cartonItems(c, i)));
				children.push(...items(direct, palletPath));
			} else if (hierarchy === 'shipmentOrderPackItem') {
				cartons.forEach((c, i) =>
					children.push(pack('P', c, `${palletPath}.cartons[${i}]`, cartonItems(c, i))),
				);
				// Items loaded straight on a pallet: the pallet is their package.
				if (direct.length > 0)
					children.push(pack('P', pallet, palletPath, items(direct, palletPath)));
			} else {
				const packs = cartons.map((c, i) =>
					pack('P', c, `${palletPath}.cartons[${i}]`, cartonItems(c, i)),
				);
				// Items straight on a pallet: an item sits under a pack, so they get one unlabelled pack.
				if (direct.length > 0)
					packs.push({ code: 'P', children: items(direct, palletPath), write: () => undefined });
				children.push(pack('T', pallet, palletPath, packs));
			}
		});
		return { code: 'O', children, write: () => writeOrder(w, order, path) };
	});
	const shipment: Level = {
		code: 'S',
		children: orders,
		write: () => writeShipment(w, message),
	};

	let count = 0;
	const emit = (level: Level, parent: string | undefined) => {
		const id = String(++count);
		w.add(
			'HL',
			w.required(id, spec('HL01'), 'orders'),
			parent,
			level.code,
			level.children.length > 0 ? '1' : '0',
		);
		level.write();
		for (const child of level.children) emit(child, id);
	};
	emit(shipment, undefined);
	writeTotals(w, quantities, spec('CTT02'));
	// CTT01 of an 856 counts the HL segments, not the items.
	w.segments[w.segments.length - 1][1] = String(count);
	return w.segments;
}

function codeError(hierarchy: unknown): DocumentError {
	return new DocumentError(
		`The option "hierarchy" is ${JSON.stringify(hierarchy)}: use one of ${SHIP_NOTICE_HIERARCHIES.join(', ')}`,
		'hierarchy',
	);
}

function arrayAt(w: SegmentWriter, value: unknown, field: string): PlainObject[] {
	if (!Array.isArray(value) || value.length === 0) throw w.error(field, 'is missing or empty');
	return value.map((entry, i) => {
		if (!isObject(entry)) throw w.error(`${field}[${i}]`, 'is not an object');
		return entry;
	});
}

/** The shipment level: TD1 (packages, weight), TD5 (carrier), REF, DTM, N1. */
function writeShipment(w: SegmentWriter, message: PlainObject): void {
	const carrier = isObject(message.carrierDetails) ? message.carrierDetails : {};
	const weights = Array.isArray(carrier.quantityAndWeight) ? carrier.quantityAndWeight : [];
	weights.forEach((entry, i) => {
		if (!isObject(entry)) return;
		const path = `carrierDetails.quantityAndWeight[${i}]`;
		const weight = w.decimalText(entry.grossWeight, spec('TD107'), `${path}.grossWeight`);
		w.add(
			'TD1',
			entry.packageForm === undefined
				? undefined
				: codeFor(PACKAGING, entry.packageForm, `${path}.packageForm`, w.documentName),
			w.integer(entry.ladingQuantity, spec('TD102'), `${path}.ladingQuantity`),
			undefined,
			undefined,
			undefined,
			weight ? 'G' : undefined,
			weight,
			weight
				? codeFor(WEIGHT_UNITS, entry.weightUOM ?? 'pound', `${path}.weightUOM`, w.documentName)
				: undefined,
		);
	});
	const routes = Array.isArray(carrier.routing) ? carrier.routing : [];
	routes.forEach((entry, i) => {
		if (!isObject(entry)) return;
		const path = `carrierDetails.routing[${i}]`;
		const scac = w.text(
			entry.standardCarrierAlphaCode,
			spec('TD503'),
			`${path}.standardCarrierAlphaCode`,
		);
		const optional = (value: unknown, table: CodeList, field: string) =>
			value === undefined ? undefined : codeFor(table, value, `${path}.${field}`, w.documentName);
		const method = optional(entry.transportationMethod, TRANSPORT_METHODS, 'transportationMethod');
		const level = optional(entry.serviceLevel, SERVICE_LEVELS, 'serviceLevel');
		if (!scac && !method && !level) return;
		w.add(
			'TD5',
			optional(entry.sequenceType, ROUTING_SEQUENCES, 'sequenceType'),
			scac ? '2' : undefined,
			scac,
			method,
			...new Array<undefined>(7),
			level,
		);
	});
	writeReferences(w, message.references, 'references');
	writeDates(w, message.dates, 'dates');
	writeParties(w, message.parties, 'parties');
}

/** The order level: PRF (PO number, release, PO date), then the order's own parties. */
function writeOrder(w: SegmentWriter, order: PlainObject, path: string): void {
	w.add(
		'PRF',
		w.required(order.purchaseOrderNumber, spec('PRF01'), `${path}.purchaseOrderNumber`),
		w.text(order.releaseNumber, spec('PRF02'), `${path}.releaseNumber`),
		undefined,
		w.date(order.purchaseOrderDate, spec('PRF04'), `${path}.purchaseOrderDate`),
	);
	writeParties(w, order.parties, `${path}.parties`);
}

/** A pallet (T) or carton (P): REF*2I tracking, MAN*GM SSCC-18 (its own, checked, or the next of the sequence). */
function writePackage(
	w: SegmentWriter,
	entry: PlainObject,
	path: string,
	sequence: SsccSequence | undefined,
): void {
	const tracking = w.text(entry.trackingNumber, spec('REF02'), `${path}.trackingNumber`);
	if (tracking) w.add('REF', '2I', tracking);
	const given = w.text(entry.serialShippingId, spec('MAN02'), `${path}.serialShippingId`);
	if (given !== undefined) {
		const code = given.length === 20 && given.startsWith('00') ? given.slice(2) : given;
		if (!isValidSscc(code))
			throw w.error(
				`${path}.serialShippingId`,
				`is ${given}: not an SSCC-18 (18 digits whose last is the GS1 mod-10 check digit of the first 17)`,
			);
		w.add('MAN', 'GM', code);
	} else if (sequence) w.add('MAN', 'GM', sequence.take());
}

/** The item level: LIN (line id, product ids), SN1 (quantity shipped), PO4 (packs), PID (description). */
function writeItem(w: SegmentWriter, entry: unknown, path: string): Decimal {
	if (!isObject(entry)) throw w.error(path, 'is not an item object');
	const quantity = quantityOf(w, entry.quantityShipped, `${path}.quantityShipped`);
	const pairs = productIdPairs(w, entry, path, 'LIN', 2, 15);
	if (pairs.length === 0)
		throw w.error(`${path}.productIds`, 'is empty: X12 LIN needs one product id');
	w.add(
		'LIN',
		w.text(entry.purchaseOrderLineId, spec('LIN01'), `${path}.purchaseOrderLineId`),
		...pairs,
	);
	w.add(
		'SN1',
		undefined,
		w.decimal(quantity, spec('SN102'), `${path}.quantityShipped.value`),
		unitCode(
			w,
			isObject(entry.quantityShipped) ? entry.quantityShipped.unitOfMeasure : undefined,
			`${path}.quantityShipped.unitOfMeasure`,
		),
	);
	const outer = isObject(entry.outerPack) ? entry.outerPack.numberOfUnits : undefined;
	const inner = isObject(entry.innerPack) ? entry.innerPack.numberOfUnits : undefined;
	const outerText = w.integer(outer, spec('PO401'), `${path}.outerPack.numberOfUnits`);
	const innerText = w.integer(inner, spec('PO414'), `${path}.innerPack.numberOfUnits`);
	if (outerText ?? innerText) w.add('PO4', outerText, ...new Array<undefined>(12), innerText);
	writeDescription(w, entry.productAttributes, `${path}.productAttributes`);
	return quantity;
}
