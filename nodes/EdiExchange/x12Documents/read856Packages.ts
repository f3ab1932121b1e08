/**
 * An X12 856 read for its labels: exactly the packages the X12 labels (each tare or pack level's
 * MAN*GM), with their order's PRF01, and the shipment's BSN02, N1 loops (ship to, ship from, mark
 * for), TD5 carrier and REFs. Not a full 856 reader (Convert does not read 856s): what the labels
 * print, as the 856 message the label writer takes, so that labels printed from the X12 sent carry
 * the SSCCs that X12 carries, and no other. The same reading serves the 856 sent as service JSON
 * (its segments, without ST/SE): one reading for both X12 forms.
 */
import { DocumentError } from '../documents/errors';
import { isObject, type PlainObject } from '../documents/fieldReader';
import { readX12 } from '../x12';
import { PARTIES, REFERENCES } from './codes';
import { isX12Text } from './fromX12';

type Level = { code: string; entry: PlainObject; parent?: Level };

/** The 856 message (for labels) of the one 856 in `text`; a DocumentError when there is none or several. */
export function read856Packages(text: string): PlainObject {
	const reading = readX12(text);
	const sets = reading.interchanges.flatMap((i) =>
		i.groups.flatMap((g) => g.sets.filter((s) => s.type === '856')),
	);
	if (sets.length !== 1)
		throw new DocumentError(
			`The X12 holds ${sets.length} ship notices (856): give one interchange with one 856${reading.errors.length ? ` (${reading.errors[0].message})` : ''}`,
		);
	return readSegments(sets[0].segments);
}

/**
 * The 856 message (for labels) of an 856 sent as service JSON: its segments (arrays of strings,
 * without ST/SE, as Create sent them); a DocumentError naming the segment that is not one.
 */
export function read856Segments(segments: unknown[]): PlainObject {
	segments.forEach((segment, i) => {
		if (!Array.isArray(segment) || !segment.every((e) => typeof e === 'string'))
			throw new DocumentError(
				`segments[${i}] is ${JSON.stringify(segment)}: a segment is an array of strings, its id first (["MAN", "GM", "…"])`,
				`segments[${i}]`,
			);
	});
	if (!segments.some((segment) => (segment as string[])[0] === 'BSN'))
		throw new DocumentError(
			'The segments hold no BSN: give the segments of an 856 (as Create sent them on the Service JSON path)',
			'segments',
		);
	return readSegments(segments as string[][]);
}

/**
 * The ship notice as it went out, for its labels: X12 text, or an item of Create (856) holding
 * its X12 (`x12`) or service-JSON `segments`, is read as X12, and the message it was written from
 * (`message`) comes along as `writtenFrom`; a message alone (the structured path) is the 856.
 */
export function shipNoticeAsSent(value: unknown): { shipNotice: unknown; writtenFrom?: unknown } {
	if (isX12Text(value)) return { shipNotice: read856Packages(value) };
	if (Array.isArray(value) && value.length > 0 && value.every(Array.isArray))
		return { shipNotice: read856Segments(value) };
	if (!isObject(value)) return { shipNotice: value };
	const writtenFrom = isObject(value.message) ? value.message : undefined;
	if (isX12Text(value.x12)) return { shipNotice: read856Packages(value.x12), writtenFrom };
	if (Array.isArray(value.segments))
		return { shipNotice: read856Segments(value.segments), writtenFrom };
	return { shipNotice: value };
}

function readSegments(segments: string[][]): PlainObject {
	const message: PlainObject = { orders: [] };
	const parties: PlainObject = {};
	const references: PlainObject = {};
	const levels = new Map<string, Level>();
	const unlabelled = new Map<PlainObject, PlainObject>();
	let level: Level | undefined;
	let party: PlainObject | undefined;
	for (const segment of segments) {
		const [id, e1, e2, e3, e4] = segment;
		if (id === 'BSN') message.shipmentId = e2;
		else if (id === 'HL') {
			level = { code: e3, entry: {}, parent: levels.get(e2) };
			levels.set(e1, level);
			party = undefined;
			placeLevel(message, level, unlabelled);
		} else if (id === 'PRF' && level?.code === 'O') level.entry.purchaseOrderNumber = e1;
		else if (id === 'MAN' && e1 === 'GM' && level) level.entry.serialShippingId = e2;
		else if (id === 'TD5' && level?.code === 'S' && e3)
			message.carrierDetails = { routing: [{ standardCarrierAlphaCode: e3 }] };
		else if (id === 'REF' && level?.code === 'S' && !party) {
			const word = REFERENCES.word(e1);
			if (word) references[word] = { value: e2 };
		} else if (id === 'N1' && level?.code === 'S') {
			party = { name: e2, identificationCode: segment[4] };
			parties[PARTIES.word(e1) ?? e1] = party;
		} else if (id === 'N3' && party) Object.assign(party, { addressLine1: e1, addressLine2: e2 });
		else if (id === 'N4' && party)
			Object.assign(party, { city: e1, stateOrProvinceCode: e2, postalCode: e3, countryCode: e4 });
	}
	if ([...levels.values()].every((l) => l.code !== 'T' && l.code !== 'P'))
		throw new DocumentError(
			'The 856 has no tare or pack level (HL T or P) to label: a flat 856 (shipment, order, item) carries no SSCC. Send it with the pick-and-pack or tare hierarchy (X12 Options → 856 Hierarchy)',
			'hierarchy',
		);
	if (Object.keys(parties).length) message.parties = parties;
	if (Object.keys(references).length) message.references = references;
	// A pack without MAN*GM in a tare that carries one is no shipping unit of its own (the tare
	// hierarchy puts items loaded straight on a pallet in such a pack): the tare is labelled.
	for (const { code, entry } of levels.values())
		if (code === 'T' && entry.serialShippingId !== undefined && Array.isArray(entry.cartons))
			entry.cartons = (entry.cartons as PlainObject[]).filter(
				(carton) => carton.serialShippingId !== undefined,
			);
	return message;
}

/**
 * An order level becomes an order; a tare level (T) a pallet; a pack level (P) a carton of its
 * tare, or, straight under its order, a carton of a pallet the X12 does not label.
 */
function placeLevel(
	message: PlainObject,
	level: Level,
	unlabelled: Map<PlainObject, PlainObject>,
): void {
	const { code, entry, parent } = level;
	if (code === 'O') {
		entry.pallets = [];
		(message.orders as PlainObject[]).push(entry);
	} else if (code === 'T' && parent?.code === 'O') {
		entry.cartons = [];
		(parent.entry.pallets as PlainObject[]).push(entry);
	} else if (code === 'P' && parent?.code === 'T') {
		(parent.entry.cartons as PlainObject[]).push(entry);
	} else if (code === 'P' && parent?.code === 'O') {
		let pallet = unlabelled.get(parent.entry);
		if (!pallet) {
			pallet = { cartons: [] };
			unlabelled.set(parent.entry, pallet);
			(parent.entry.pallets as PlainObject[]).push(pallet);
		}
		(pallet.cartons as PlainObject[]).push(entry);
	}
}
