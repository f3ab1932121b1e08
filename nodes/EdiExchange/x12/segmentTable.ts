/**
 * The X12 004010 segments this package reads or writes: each element's dictionary number, name,
 * type, length and requirement, as the standard's segment directory gives them. A segment is
 * listed up to the last element used here; what follows is read as it is and never written.
 */
import { type ElementDef, type ElementRow, pairs, type SegmentDef, segment } from './grammar';

/** The same element `count` times (AK502…AK506). */
const times = (count: number, row: ElementRow): ElementRow[] => Array<ElementRow>(count).fill(row);

const PRODUCT_QUALIFIER: ElementRow = ['235', 'product id qualifier', 'ID', 2, 2, 'X'];
const PRODUCT_ID: ElementRow = ['234', 'product id', 'AN', 1, 48, 'X'];
const UNIT: ElementRow = ['355', 'unit of measure', 'ID', 2, 2, 'X'];
const LINE_NUMBER: ElementRow = ['350', 'line number', 'AN', 1, 20, 'O'];
const PURPOSE: ElementRow = ['353', 'transaction set purpose', 'ID', 2, 2, 'M'];
const PO_NUMBER: ElementRow = ['324', 'purchase order number', 'AN', 1, 22, 'M'];
const RELEASE: ElementRow = ['328', 'release number', 'AN', 1, 30, 'O'];
const PO_DATE: ElementRow = ['373', 'purchase order date', 'DT', 8, 8, 'M'];

/** BCH03…BCH08 and BCA03…BCA08: the order that a change (860) or its answer (865) is about. */
const CHANGED_ORDER: ElementRow[] = [
	PO_NUMBER,
	RELEASE,
	['327', 'change order sequence number', 'AN', 1, 8, 'O'],
	PO_DATE,
	['326', 'request reference number', 'AN', 1, 45, 'O'],
	['367', 'contract number', 'AN', 1, 30, 'O'],
];

/** The price and the ten product id pairs that end PO1, POC and IT1. */
const PRICED_ITEM: ElementRow[] = [
	['212', 'unit price', 'R', 1, 17, 'X'],
	['639', 'basis of unit price code', 'ID', 2, 2, 'O'],
	...pairs(10, PRODUCT_QUALIFIER, PRODUCT_ID),
];

const TABLE: readonly SegmentDef[] = [
	// Envelope
	segment('GS', 'functional group header', [
		['479', 'functional identifier code', 'ID', 2, 2, 'M'],
		['142', "application sender's code", 'AN', 2, 15, 'M'],
		['124', "application receiver's code", 'AN', 2, 15, 'M'],
		['373', 'date', 'DT', 8, 8, 'M'],
		['337', 'time', 'TM', 4, 8, 'M'],
		['28', 'group control number', 'N0', 1, 9, 'M'],
		['455', 'responsible agency code', 'ID', 1, 2, 'M'],
		['480', 'version', 'AN', 1, 12, 'M'],
	]),
	segment('ST', 'transaction set header', [
		['143', 'transaction set identifier code', 'ID', 3, 3, 'M'],
		['329', 'control number', 'AN', 4, 9, 'M'],
		// 005010 on: the implementation convention reference.
		['1705', 'implementation convention reference', 'AN', 1, 35, 'O'],
	]),
	segment('SE', 'transaction set trailer', [
		['96', 'number of segments ST..SE inclusive', 'N0', 1, 10, 'M'],
		['329', 'control number', 'AN', 4, 9, 'M'],
	]),
	segment('GE', 'functional group trailer', [
		['97', 'number of transaction sets', 'N0', 1, 6, 'M'],
		['28', 'control number', 'N0', 1, 9, 'M'],
	]),
	segment('IEA', 'interchange control trailer', [
		['I16', 'number of functional groups', 'N0', 1, 5, 'M'],
		['I12', 'control number', 'N0', 9, 9, 'M'],
	]),
	// Beginning segments
	segment('BEG', 'beginning segment for purchase order', [
		PURPOSE,
		['92', 'purchase order type', 'ID', 2, 2, 'M'],
		PO_NUMBER,
		RELEASE,
		PO_DATE,
	]),
	segment('BCH', 'beginning segment for purchase order change', [
		PURPOSE,
		['92', 'purchase order type', 'ID', 2, 2, 'M'],
		...CHANGED_ORDER,
		['373', 'acknowledgment date', 'DT', 8, 8, 'O'],
		['373', 'request date', 'DT', 8, 8, 'O'],
		['373', 'change request date', 'DT', 8, 8, 'O'],
	]),
	segment('BAK', 'beginning segment for purchase order acknowledgment', [
		PURPOSE,
		['587', 'acknowledgment type', 'ID', 2, 2, 'M'],
		PO_NUMBER,
		PO_DATE,
		RELEASE,
	]),
	// 865 (purchase order change acknowledgment)
	segment('BCA', 'beginning segment for purchase order change acknowledgment', [
		PURPOSE,
		['587', 'acknowledgment type', 'ID', 2, 2, 'M'],
		...CHANGED_ORDER,
		['127', 'reference identification', 'AN', 1, 30, 'O'],
		['373', 'acknowledgment date', 'DT', 8, 8, 'O'],
	]),
	segment('BSN', 'beginning segment for ship notice', [
		PURPOSE,
		['396', 'shipment identification', 'AN', 2, 30, 'M'],
		['373', 'date', 'DT', 8, 8, 'M'],
		['337', 'time', 'TM', 4, 8, 'M'],
		['1005', 'hierarchical structure code', 'ID', 4, 4, 'O'],
	]),
	segment('BIG', 'beginning segment for invoice', [
		['373', 'invoice date', 'DT', 8, 8, 'M'],
		['76', 'invoice number', 'AN', 1, 22, 'M'],
		['373', 'purchase order date', 'DT', 8, 8, 'O'],
		['324', 'purchase order number', 'AN', 1, 22, 'O'],
		RELEASE,
	]),
	// 846 (inventory inquiry/advice)
	segment('BIA', 'beginning segment for inventory inquiry/advice', [
		['353', 'transaction set purpose', 'ID', 2, 2, 'M'],
		['755', 'report type code', 'ID', 2, 2, 'M'],
		['127', 'reference identification', 'AN', 1, 30, 'M'],
		['373', 'date', 'DT', 8, 8, 'M'],
		['337', 'time', 'TM', 4, 8, 'O'],
	]),
	segment('QTY', 'quantity', [
		['673', 'quantity qualifier', 'ID', 2, 2, 'M'],
		['380', 'quantity', 'R', 1, 15, 'X'],
		UNIT,
	]),
	// Header and line segments
	segment('CUR', 'currency', [
		['98', 'entity identifier code', 'ID', 2, 3, 'M'],
		['100', 'currency code', 'ID', 3, 3, 'M'],
	]),
	segment('REF', 'reference identification', [
		['128', 'reference qualifier', 'ID', 2, 3, 'M'],
		['127', 'reference identification', 'AN', 1, 30, 'X'],
		['352', 'description', 'AN', 1, 80, 'X'],
	]),
	segment('PER', 'administrative communications contact', [
		['366', 'contact function code', 'ID', 2, 2, 'M'],
		['93', 'name', 'AN', 1, 60, 'O'],
		...pairs(
			3,
			['365', 'communication number qualifier', 'ID', 2, 2, 'X'],
			['364', 'communication number', 'AN', 1, 80, 'X'],
		),
	]),
	segment('DTM', 'date/time reference', [
		['374', 'date/time qualifier', 'ID', 3, 3, 'M'],
		['373', 'date', 'DT', 8, 8, 'X'],
	]),
	segment('FOB', 'F.O.B. related instructions', [
		['146', 'shipment method of payment', 'ID', 2, 2, 'M'],
	]),
	segment('ITD', 'terms of sale', [
		['336', 'terms type code', 'ID', 2, 2, 'O'],
		['333', 'terms basis date code', 'ID', 1, 2, 'O'],
		['338', 'terms discount percent', 'R', 1, 6, 'O'],
		['370', 'terms discount due date', 'DT', 8, 8, 'X'],
		['351', 'terms discount days due', 'N0', 1, 3, 'X'],
		['446', 'terms net due date', 'DT', 8, 8, 'O'],
		['386', 'terms net days', 'N0', 1, 3, 'O'],
		['362', 'terms discount amount', 'N2', 1, 10, 'O'],
		['388', 'terms deferred due date', 'DT', 8, 8, 'O'],
		['389', 'deferred amount due', 'N2', 1, 10, 'X'],
		['342', 'percent of invoice payable', 'R', 1, 5, 'X'],
		['352', 'description', 'AN', 1, 80, 'O'],
	]),
	segment('TD1', 'carrier details (quantity and weight)', [
		['103', 'packaging code', 'AN', 3, 5, 'O'],
		['80', 'lading quantity', 'N0', 1, 7, 'X'],
		['23', 'commodity code qualifier', 'ID', 1, 1, 'O'],
		['22', 'commodity code', 'AN', 1, 30, 'X'],
		['79', 'lading description', 'AN', 1, 50, 'O'],
		['187', 'weight qualifier', 'ID', 1, 2, 'O'],
		['81', 'weight', 'R', 1, 10, 'X'],
		UNIT,
	]),
	segment('TD5', 'carrier details (routing sequence/transit time)', [
		['133', 'routing sequence code', 'ID', 1, 2, 'O'],
		['66', 'identification code qualifier', 'ID', 1, 2, 'X'],
		['67', 'identification code', 'AN', 2, 80, 'X'],
		['91', 'transportation method', 'ID', 1, 2, 'X'],
		['387', 'routing', 'AN', 1, 35, 'X'],
		['368', 'shipment/order status code', 'ID', 2, 2, 'X'],
		['309', 'location qualifier', 'ID', 1, 2, 'O'],
		['310', 'location identifier', 'AN', 1, 30, 'X'],
		['731', 'transit direction code', 'ID', 2, 2, 'O'],
		['732', 'transit time direction qualifier', 'ID', 2, 2, 'O'],
		['733', 'transit time', 'R', 1, 4, 'X'],
		['284', 'service level code', 'ID', 2, 2, 'X'],
	]),
	segment('SAC', 'service, promotion, allowance, or charge information', [
		['248', 'allowance or charge indicator', 'ID', 1, 1, 'M'],
		['1300', 'allowance or charge code', 'ID', 4, 4, 'X'],
		['559', 'agency qualifier code', 'ID', 2, 2, 'X'],
		['1301', 'agency allowance or charge code', 'AN', 1, 10, 'X'],
		['610', 'amount', 'N2', 1, 15, 'O'],
		['378', 'allowance/charge percent qualifier', 'ID', 1, 1, 'X'],
		['332', 'percent', 'R', 1, 6, 'X'],
		['118', 'rate', 'R', 1, 9, 'O'],
		UNIT,
		['380', 'quantity', 'R', 1, 15, 'X'],
		['380', 'quantity', 'R', 1, 15, 'O'],
		['331', 'allowance or charge method of handling code', 'ID', 2, 2, 'X'],
		['127', 'reference identification', 'AN', 1, 30, 'X'],
		['770', 'option number', 'AN', 1, 20, 'O'],
		['352', 'description', 'AN', 1, 80, 'X'],
	]),
	segment('N1', 'name', [
		['98', 'entity identifier code', 'ID', 2, 3, 'M'],
		['93', 'name', 'AN', 1, 60, 'X'],
		['66', 'identification code qualifier', 'ID', 1, 2, 'X'],
		['67', 'identification code', 'AN', 2, 80, 'X'],
	]),
	segment('N2', 'additional name information', [
		['93', 'name', 'AN', 1, 60, 'M'],
		['93', 'name', 'AN', 1, 60, 'O'],
	]),
	segment('N3', 'address information', [
		['166', 'address information', 'AN', 1, 55, 'M'],
		['166', 'address information', 'AN', 1, 55, 'O'],
	]),
	segment('N4', 'geographic location', [
		['19', 'city name', 'AN', 2, 30, 'O'],
		['156', 'state or province code', 'ID', 2, 2, 'O'],
		['116', 'postal code', 'ID', 3, 15, 'O'],
		['26', 'country code', 'ID', 2, 3, 'O'],
	]),
	segment('PO1', 'baseline item data', [
		LINE_NUMBER,
		['330', 'quantity ordered', 'R', 1, 15, 'X'],
		UNIT,
		...PRICED_ITEM,
	]),
	segment('CTP', 'pricing information', [
		['687', 'class of trade code', 'ID', 2, 2, 'O'],
		['236', 'price identifier code', 'ID', 3, 3, 'X'],
		['212', 'unit price', 'R', 1, 17, 'X'],
	]),
	segment('POC', 'line item change', [
		LINE_NUMBER,
		['670', 'change type', 'ID', 2, 2, 'M'],
		['330', 'quantity ordered', 'R', 1, 15, 'X'],
		['671', 'quantity left to receive', 'R', 1, 9, 'X'],
		UNIT,
		...PRICED_ITEM,
	]),
	segment('ACK', 'line item acknowledgment', [
		['668', 'line item status code', 'ID', 2, 2, 'M'],
		['380', 'quantity', 'R', 1, 15, 'X'],
		UNIT,
		['374', 'date/time qualifier', 'ID', 3, 3, 'X'],
		['373', 'date', 'DT', 8, 8, 'O'],
		['326', 'request reference number', 'AN', 1, 45, 'O'],
		...pairs(11, PRODUCT_QUALIFIER, PRODUCT_ID),
	]),
	segment('IT1', 'baseline item data (invoice)', [
		LINE_NUMBER,
		['358', 'quantity invoiced', 'R', 1, 10, 'X'],
		UNIT,
		...PRICED_ITEM,
	]),
	segment('LIN', 'item identification', [LINE_NUMBER, ...pairs(15, PRODUCT_QUALIFIER, PRODUCT_ID)]),
	segment('SN1', 'item detail (shipment)', [
		LINE_NUMBER,
		['382', 'number of units shipped', 'R', 1, 10, 'M'],
		['355', 'unit of measure', 'ID', 2, 2, 'M'],
	]),
	segment('PID', 'product/item description', [
		['349', 'item description type', 'ID', 1, 1, 'M'],
		['750', 'product/process characteristic code', 'ID', 2, 3, 'O'],
		['559', 'agency qualifier code', 'ID', 2, 2, 'X'],
		['751', 'product description code', 'AN', 1, 12, 'X'],
		['352', 'description', 'AN', 1, 80, 'X'],
	]),
	segment('PO4', 'item physical details', [
		['356', 'pack', 'N0', 1, 6, 'O'],
		['357', 'size', 'R', 1, 8, 'X'],
		UNIT,
		['103', 'packaging code', 'AN', 3, 5, 'X'],
		['187', 'weight qualifier', 'ID', 1, 2, 'O'],
		['384', 'gross weight per pack', 'R', 1, 9, 'X'],
		UNIT,
		['385', 'gross volume per pack', 'R', 1, 9, 'X'],
		UNIT,
		['82', 'length', 'R', 1, 8, 'X'],
		['189', 'width', 'R', 1, 8, 'X'],
		['65', 'height', 'R', 1, 8, 'X'],
		UNIT,
		['810', 'inner pack', 'N0', 1, 6, 'O'],
	]),
	segment('HL', 'hierarchical level', [
		['628', 'hierarchical id number', 'AN', 1, 12, 'M'],
		['734', 'hierarchical parent id number', 'AN', 1, 12, 'O'],
		['735', 'hierarchical level code', 'ID', 1, 2, 'M'],
		['736', 'hierarchical child code', 'ID', 1, 1, 'O'],
	]),
	segment('PRF', 'purchase order reference', [
		PO_NUMBER,
		RELEASE,
		['327', 'change order sequence number', 'AN', 1, 8, 'O'],
		['373', 'purchase order date', 'DT', 8, 8, 'O'],
	]),
	segment('MAN', 'marks and numbers', [
		['88', 'marks and numbers qualifier', 'ID', 1, 2, 'M'],
		['87', 'marks and numbers', 'AN', 1, 48, 'M'],
	]),
	// Summary
	segment('TDS', 'total monetary value summary', [
		['610', 'total invoice amount', 'N2', 1, 15, 'M'],
		['610', 'amount subject to terms discount', 'N2', 1, 15, 'O'],
	]),
	segment('MSG', 'message text', [['933', 'free-form message text', 'AN', 1, 264, 'M']]),
	segment('CTT', 'transaction totals', [
		['354', 'number of line items', 'N0', 1, 6, 'M'],
		['347', 'hash total', 'R', 1, 10, 'O'],
	]),
	segment('AMT', 'monetary amount', [
		['522', 'amount qualifier code', 'ID', 1, 3, 'M'],
		['782', 'monetary amount', 'R', 1, 18, 'M'],
	]),
	// Functional acknowledgment (997)
	segment('AK1', 'functional group response header', [
		['479', 'functional identifier code', 'ID', 2, 2, 'M'],
		['28', 'group control number', 'N0', 1, 9, 'M'],
	]),
	segment('AK2', 'transaction set response header', [
		['143', 'transaction set identifier code', 'ID', 3, 3, 'M'],
		['329', 'transaction set control number', 'AN', 4, 9, 'M'],
	]),
	segment('AK3', 'data segment note', [
		['721', 'segment id code', 'ID', 2, 3, 'M'],
		['719', 'segment position in transaction set', 'N0', 1, 6, 'M'],
		['447', 'loop identifier code', 'AN', 1, 6, 'O'],
		['720', 'segment syntax error code', 'ID', 1, 3, 'O'],
	]),
	segment('AK4', 'data element note', [
		['722', 'element position in segment', 'N0', 1, 2, 'M'],
		['725', 'data element reference number', 'N0', 1, 4, 'O'],
		['723', 'data element syntax error code', 'ID', 1, 3, 'M'],
		['724', 'copy of bad data element', 'AN', 1, 99, 'O'],
	]),
	segment('AK5', 'transaction set response trailer', [
		['717', 'transaction set acknowledgment code', 'ID', 1, 1, 'M'],
		...times(5, ['718', 'transaction set syntax error code', 'ID', 1, 3, 'O']),
	]),
	segment('AK9', 'functional group response trailer', [
		['715', 'functional group acknowledge code', 'ID', 1, 1, 'M'],
		['97', 'number of transaction sets included', 'N0', 1, 6, 'M'],
		['123', 'number of received transaction sets', 'N0', 1, 6, 'M'],
		['2', 'number of accepted transaction sets', 'N0', 1, 6, 'M'],
		...times(5, ['716', 'functional group syntax error code', 'ID', 1, 3, 'O']),
	]),
	// Application advice (824)
	segment('BGN', 'beginning segment', [
		PURPOSE,
		['127', 'reference identification', 'AN', 1, 30, 'M'],
		['373', 'date', 'DT', 8, 8, 'M'],
		['337', 'time', 'TM', 4, 8, 'X'],
	]),
	segment('OTI', 'original transaction identification', [
		['110', 'application acknowledgment code', 'ID', 1, 2, 'M'],
		['128', 'reference identification qualifier', 'ID', 2, 3, 'M'],
		['127', 'reference identification', 'AN', 1, 30, 'M'],
		['142', "application sender's code", 'AN', 2, 15, 'O'],
		['124', "application receiver's code", 'AN', 2, 15, 'O'],
		['373', 'date', 'DT', 8, 8, 'O'],
		['337', 'time', 'TM', 4, 8, 'O'],
		['28', 'group control number', 'N0', 1, 9, 'X'],
		['329', 'transaction set control number', 'AN', 4, 9, 'O'],
		['143', 'transaction set identifier code', 'ID', 3, 3, 'O'],
	]),
	segment('TED', 'technical error description', [
		['647', 'application error condition code', 'ID', 1, 3, 'M'],
		['3', 'free-form message', 'AN', 1, 60, 'O'],
		['721', 'segment id code', 'ID', 2, 3, 'O'],
		['719', 'segment position in transaction set', 'N0', 1, 6, 'O'],
		['722', 'element position in segment', 'N0', 1, 2, 'O'],
		['725', 'data element reference number', 'N0', 1, 4, 'O'],
		['724', 'copy of bad data element', 'AN', 1, 99, 'O'],
	]),
	segment('NTE', 'note/special instruction', [
		['363', 'note reference code', 'ID', 3, 3, 'O'],
		['352', 'description', 'AN', 1, 80, 'M'],
	]),
];

/** Every segment of the table by its id. */
export const SEGMENTS: ReadonlyMap<string, SegmentDef> = new Map(TABLE.map((s) => [s.id, s]));

/** Every element of the table by its ref (`BEG03`). */
const ELEMENTS: ReadonlyMap<string, ElementDef> = new Map(
	TABLE.flatMap((s) => s.elements.map((e): [string, ElementDef] => [e.ref, e])),
);

/** The element `ref` (`PO414`); a ref the table does not hold is a mistake in the code, thrown at once. */
export function elementOf(ref: string): ElementDef {
	const element = ELEMENTS.get(ref);
	if (!element) throw new Error(`X12 element ${ref} is not in the segment table`);
	return element;
}

/** The 1-based position of element `ref` in its segment (`PO414` → 14). */
export const positionOf = (ref: string): number => elementOf(ref).position;
