/**
 * Replies echo the order (issue #32): the 855, 856 and 810 built from an X12 850 identify each line
 * with the qualifiers and ids the 850 wrote, in its order; segments inside an N1 loop stay with
 * their party.
 */
import {
	buildAcknowledgment,
	buildInvoice,
	buildShipNotice,
} from '../../../nodes/EdiExchange/documents';
import {
	documentsFromX12,
	write810,
	write855,
	write856,
} from '../../../nodes/EdiExchange/x12Documents';
import { RETAIL_850 } from './fixtures';

/** The fixture with its first line identified by IN, CB and UP, and its REF*DP moved into the ship-to loop. */
const ORDER = RETAIL_850.replace(
	'PO1*1*5*EA*101.00**BP*10000002*UP*028374658310*VN*V-1~',
	'PO1*1*5*EA*101.00**IN*10000002*CB*CAT-77*UP*028374658310~',
)
	.replace(
		'N1*ST*DEMO STORE 42*UL*0012345000017~',
		'N1*ST*DEMO STORE 42*15*0012345~\nREF*DP*STORE-DEPT~',
	)
	.replace('REF*DP*011~\n', '');

const read = () => {
	const { documents, errors } = documentsFromX12(ORDER);
	expect(errors).toEqual([]);
	return documents[0].document as Record<string, any>;
};

/** Line 1's pairs as the 850 wrote them. */
const AS_ORDERED = ['IN', '10000002', 'CB', 'CAT-77', 'UP', '028374658310'];

/** The segments `id` of a written set. */
const segmentsOf = (segments: string[][], id: string) => segments.filter((s) => s[0] === id);

describe('replies echo the product ids of the 850', () => {
	const po = read();

	it('855 PO1, 856 LIN and 810 IT1 carry IN, CB, UP as the 850 wrote them, in its order', () => {
		const ack = write855(buildAcknowledgment(po, {}));
		expect(segmentsOf(ack, 'PO1')[0].slice(6)).toEqual(AS_ORDERED);
		const asn = write856(buildShipNotice(po, { shipDate: '2026-11-25' }));
		expect(segmentsOf(asn, 'LIN')[0].slice(2)).toEqual(AS_ORDERED);
		const invoice = write810(buildInvoice(po, { invoiceDate: '2026-11-26' }));
		expect(segmentsOf(invoice, 'IT1')[0].slice(6)).toEqual(AS_ORDERED);
	});

	it('echoes a qualifier the reader has no word for (ZZ) with its id', () => {
		const ack = write855(buildAcknowledgment(po, {}));
		expect(segmentsOf(ack, 'PO1')[1].slice(6)).toEqual([
			'EN',
			'4006381333931',
			'UK',
			'10028374658327',
			'ZZ',
			'MYSTERY',
		]);
	});

	it('puts the qualifiers of Product ID Order first, the rest in the 850 order', () => {
		const ack = write855(buildAcknowledgment(po, {}), { productIdOrder: ['UP', 'CB'] });
		expect(segmentsOf(ack, 'PO1')[0].slice(6)).toEqual([
			'UP',
			'028374658310',
			'CB',
			'CAT-77',
			'IN',
			'10000002',
		]);
	});

	it('writes a substitute with its own ids, not the ordered item’s', () => {
		const ack = buildAcknowledgment(po, {}) as Record<string, any>;
		const line = ack.lineItems[0];
		line.productIds = { vendorItemNumber: 'SUB-1' };
		expect(segmentsOf(write855(ack), 'PO1')[0].slice(6)).toEqual(['VN', 'SUB-1']);
	});
});

describe('an N1 loop keeps what it holds', () => {
	const po = read();

	it('a REF*DP in the ship-to loop is the ship-to’s, not the order’s department', () => {
		expect(po.references).toEqual({ vendorNumber: { value: '4875905' } });
		expect(po.parties.shipTo.references).toEqual({ departmentNumber: { value: 'STORE-DEPT' } });
	});

	it('an N103 the reader has no word for (15) is written back as it came, on the 856 too', () => {
		expect(po.parties.shipTo).toMatchObject({
			identificationCodeType: '15',
			identificationCode: '0012345',
		});
		const asn = write856(buildShipNotice(po, { shipDate: '2026-11-25' }));
		expect(segmentsOf(asn, 'N1').find((s) => s[1] === 'ST')).toEqual([
			'N1',
			'ST',
			'DEMO STORE 42',
			'15',
			'0012345',
		]);
	});

	it('the 856 writes the ship-to’s REF*DP back inside its N1 loop, not in the header', () => {
		const segments = write856(buildShipNotice(po, { shipDate: '2026-11-25' }));
		const shipTo = segments.findIndex((s) => s[0] === 'N1' && s[1] === 'ST');
		expect(segments[shipTo + 3]).toEqual(['REF', 'DP', 'STORE-DEPT']);
		expect(segments.filter((s) => s[0] === 'REF' && s[1] === 'DP')).toHaveLength(1);
	});
});
