/**
 * The ship notice (856 message) read for its labels: who ships to whom, the carrier, and one
 * package per pallet and carton with its SSCC (check digit verified), its order's PO number,
 * department and store, and its place ("carton 2 of 5"). Every carton must carry an SSCC (and a
 * pallet, unless its cartons are its shipping units): a label per SSCC, and an SSCC per label.
 */
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject, unwrapMessage } from '../documents/fieldReader';
import { AI, checkedSscc, postalCodeForAi420 } from '../documents/gs1';

/** A party's block on the label: its name and the lines of its address. */
export interface Party {
	name: string;
	lines: string[];
	/** Where the party came from, for messages: "parties.shipTo". */
	path: string;
}

export interface Package {
	sscc: string;
	kind: 'pallet' | 'carton';
	/** Its number among the shipment's pallets or cartons, from 1, and how many there are. */
	number: number;
	of: number;
	/** Where it is in the 856: orders[0].pallets[0].cartons[1]. */
	path: string;
	purchaseOrderNumber?: string;
	department?: string;
	store?: string;
}

export interface Shipment {
	shipmentId: string;
	shipFrom: Party;
	shipTo: Party;
	/** The ship-to postal code as AI 420 holds it. */
	postalCode: string;
	carrier?: string;
	billOfLading?: string;
	trackingNumber?: string;
	packages: Package[];
}

const textOf = (value: unknown): string | undefined =>
	typeof value === 'string' && value.trim() !== ''
		? value.trim()
		: typeof value === 'number'
			? String(value)
			: undefined;
const valueOf = (reference: unknown) => textOf(isObject(reference) ? reference.value : reference);

/** A party of the 856 (or the Ship From given) as its label block. */
export function partyOf(party: PlainObject, path: string): Party {
	const name = textOf(party.name) ?? textOf(party.identificationCode);
	if (name === undefined)
		throw new DocumentError(`${path} has no name: the label prints who ships to whom`, path);
	const region = [textOf(party.stateOrProvinceCode), textOf(party.postalCode)]
		.filter(Boolean)
		.join(' ');
	const city = textOf(party.city);
	const cityLine = city && region ? `${city}, ${region}` : (city ?? region);
	const lines = [
		textOf(party.addressLine1),
		textOf(party.addressLine2),
		cityLine,
		textOf(party.countryCode),
	];
	return { name, lines: lines.filter((l): l is string => !!l), path };
}

/**
 * The shipment of `shipNotice` (the 856 message, or a whole item holding it as `message`), with
 * `shipFrom` when the 856 names none. Refuses, naming the field: no ship-to postal code, no ship
 * from, no package, a package without an SSCC, an SSCC that is not one, the same SSCC twice.
 */
export function readShipment(shipNotice: unknown, shipFrom?: PlainObject): Shipment {
	const message = unwrapMessage(shipNotice, 'orders');
	if (!isObject(message) || !Array.isArray(message.orders))
		throw new DocumentError(
			'The ship notice has no "orders": give the 856 message (as Create or Build From Purchase Order put it out)',
			'orders',
		);
	const parties = isObject(message.parties) ? message.parties : {};
	if (!isObject(parties.shipTo))
		throw new DocumentError(
			'The ship notice has no "parties.shipTo": its labels need the ship-to address',
			'parties.shipTo',
		);
	const shipTo = partyOf(parties.shipTo, 'parties.shipTo');
	const postal = textOf(parties.shipTo.postalCode);
	if (postal === undefined)
		throw new DocumentError(
			`The ship notice has no "parties.shipTo.postalCode": the label's carrier zone carries it as a GS1-128 barcode (AI ${AI.shipToPostalCode.ai})`,
			'parties.shipTo.postalCode',
		);
	const from = isObject(parties.shipFrom)
		? partyOf(parties.shipFrom, 'parties.shipFrom')
		: shipFrom && Object.keys(shipFrom).length > 0
			? partyOf(shipFrom, 'Ship From')
			: undefined;
	if (from === undefined)
		throw new DocumentError(
			'The ship notice has no "parties.shipFrom", and Ship From is empty: the label prints where the goods come from',
			'parties.shipFrom',
		);
	const carrierDetails = isObject(message.carrierDetails) ? message.carrierDetails : {};
	const [routing] = Array.isArray(carrierDetails.routing) ? carrierDetails.routing : [];
	const references = isObject(message.references) ? message.references : {};
	return {
		shipmentId: textOf(message.shipmentId) ?? '',
		shipFrom: from,
		shipTo,
		postalCode: postalCodeForAi420(postal, 'parties.shipTo.postalCode'),
		carrier: isObject(routing) ? textOf(routing.standardCarrierAlphaCode) : undefined,
		billOfLading: valueOf(references.billOfLadingNumber),
		trackingNumber: valueOf(references.trackingNumber),
		packages: packagesOf(message, references, parties),
	};
}

/** Each pallet (with how many cartons it holds) and carton of the message's orders, in order. */
function eachPackage(
	message: PlainObject,
	visit: (
		entry: PlainObject,
		kind: Package['kind'],
		path: string,
		order: PlainObject,
		cartons: number,
	) => void,
): void {
	(message.orders as unknown[]).forEach((order, o) => {
		if (!isObject(order)) return;
		const pallets = Array.isArray(order.pallets) ? order.pallets : [];
		pallets.forEach((pallet, p) => {
			if (!isObject(pallet)) return;
			const palletPath = `orders[${o}].pallets[${p}]`;
			const cartons = Array.isArray(pallet.cartons) ? pallet.cartons : [];
			visit(pallet, 'pallet', palletPath, order, cartons.length);
			cartons.forEach((carton, c) => {
				if (isObject(carton)) visit(carton, 'carton', `${palletPath}.cartons[${c}]`, order, 0);
			});
		});
	});
}

function packagesOf(
	message: PlainObject,
	references: PlainObject,
	parties: PlainObject,
): Package[] {
	const markFor = isObject(parties.markFor) ? parties.markFor : {};
	const store =
		valueOf(references.storeNumber) ?? textOf(markFor.identificationCode) ?? textOf(markFor.name);
	const packages: Package[] = [];
	const add = (entry: PlainObject, kind: Package['kind'], path: string, order: PlainObject) => {
		if (entry.serialShippingId === undefined)
			throw new DocumentError(
				`${path} has no SSCC ("serialShippingId"): every pallet and carton needs one to be labelled. Give Create 856 an SSCC Company Prefix`,
				`${path}.serialShippingId`,
			);
		const orderReferences = isObject(order.references) ? order.references : {};
		packages.push({
			sscc: checkedSscc(entry.serialShippingId, `${path}.serialShippingId`),
			kind,
			number: 0,
			of: 0,
			path,
			purchaseOrderNumber: textOf(order.purchaseOrderNumber),
			department: valueOf(orderReferences.departmentNumber) ?? valueOf(references.departmentNumber),
			store,
		});
	};
	eachPackage(message, (entry, kind, path, order, cartons) => {
		// A pallet with no SSCC whose cartons carry theirs is no shipping unit of its own (the
		// X12 pick-and-pack hierarchy has no pallet level): its cartons are labelled.
		if (kind === 'carton' || entry.serialShippingId !== undefined || cartons === 0)
			add(entry, kind, path, order);
	});
	if (packages.length === 0)
		throw new DocumentError(
			'The ship notice has no pallet or carton to label ("orders[].pallets[]")',
			'orders',
		);
	const seen = new Map<string, string>();
	for (const kind of ['pallet', 'carton'] as const) {
		const ofKind = packages.filter((p) => p.kind === kind);
		ofKind.forEach((p, i) => Object.assign(p, { number: i + 1, of: ofKind.length }));
	}
	for (const p of packages) {
		const earlier = seen.get(p.sscc);
		if (earlier !== undefined)
			throw new DocumentError(
				`The SSCC ${p.sscc} labels both ${earlier} and ${p.path}: each package needs its own`,
				`${p.path}.serialShippingId`,
			);
		seen.set(p.sscc, p.path);
	}
	return packages;
}

/** An SSCC as a message may give it (a number, or with its AI 00 in front), as the 856 carries it. */
const ssccText = (value: unknown): string | undefined => {
	const text = textOf(value);
	return text !== undefined && /^00\d{18}$/.test(text) ? text.slice(2) : text;
};

/**
 * What the message the 856 was written from labels that the 856 sent does not (the pallet of a
 * pick-and-pack 856, which has no level for it): one warning each, and no label.
 */
export function unsentPackages(writtenFrom: unknown, packages: Package[]): string[] {
	const message = unwrapMessage(writtenFrom, 'orders');
	if (!isObject(message) || !Array.isArray(message.orders)) return [];
	const sent = new Set(packages.map((p) => p.sscc));
	const warnings: string[] = [];
	eachPackage(message, (entry, _kind, path) => {
		const sscc = ssccText(entry.serialShippingId);
		if (sscc !== undefined && !sent.has(sscc))
			warnings.push(
				`${path} carries the SSCC ${sscc}, which the 856 sent does not (no MAN*GM): no label is printed for it`,
			);
	});
	return warnings;
}
