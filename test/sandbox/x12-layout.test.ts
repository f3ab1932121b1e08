/**
 * The partner's X12 layout as a setting (PUT /_sandbox/config {x12Layout}): every preset gives an
 * interchange whose ISA declares its separators, read back here by hand and by the node's tolerant
 * reader into the same segments; the layouts a strict 004010 reader accepts also pass the
 * independent validator in ../shared (skipped, saying so, where it is absent).
 */
import { readX12 } from '../../nodes/EdiExchange/x12';
import { X12_LAYOUT_PRESETS } from '../../sandbox/x12/layout';
import { validateAll, withValidator } from '../x12Interop';
import { useSandbox } from './helpers';
import { acknowledgment, entryOf, orderOf, segmentsOf, sendX12 } from './x12Replies';

const s = useSandbox({ sendInitialOrder: false, inboundFormat: 'x12' });

async function sendInLayout(x12Layout: unknown) {
	const put = await s.raw.put('/_sandbox/config', { x12Layout });
	expect(put.status).toBe(200);
	const sent = (await s.raw.post('/_sandbox/partner/send-850')).data;
	// The bytes as sent (a text decoder would drop a BOM).
	const res = await s.api.get(`/v3/transactions/${sent.transactionId}/message`, {
		responseType: 'arraybuffer',
	});
	expect(res.headers['content-type']).toContain('application/edi-x12');
	return { ...sent, text: Buffer.from(res.data).toString('utf8') };
}

describe('x12Layout presets', () => {
	afterAll(() => s.raw.put('/_sandbox/config', { x12Layout: 'tilde-newline' }));

	it.each(Object.entries(X12_LAYOUT_PRESETS))('%s', async (name, layout) => {
		const { text, purchaseOrderNumber } = await sendInLayout(name);
		expect((await s.raw.get('/_sandbox/config')).data.x12Layout).toEqual(layout);
		const terminator = layout.segmentTerminator[0];
		const body = text.replace(/^\uFEFF/, '');
		expect(text.startsWith('\uFEFF')).toBe(layout.bom);
		// The ISA declares the layout's separators at their fixed places.
		expect(body[3]).toBe(layout.elementSeparator);
		expect(body[105]).toBe(terminator);
		expect(text.endsWith(layout.segmentTerminator)).toBe(true);
		if (layout.indent) expect(text).toContain(`${layout.segmentTerminator}${layout.indent}GS`);
		else expect(text).not.toMatch(/\n[ \t]/);

		const segments = segmentsOf(text, layout.elementSeparator, terminator);
		expect(segments.map((seg) => seg[0])).toEqual(
			expect.arrayContaining(['ISA', 'GS', 'ST', 'BEG', 'PO1', 'CTT', 'SE', 'GE', 'IEA']),
		);
		expect(segments.find((seg) => seg[0] === 'BEG')?.[3]).toBe(purchaseOrderNumber);
		// The node's tolerant reader reads the same segments, whatever the layout.
		const read = readX12(text);
		expect(read.errors).toEqual([]);
		const set = read.interchanges[0].groups[0].sets[0];
		expect(set.segments).toEqual(segments.slice(2, -2));
	});

	it('the partner checks replies to an 850 it sent in any layout', async () => {
		const { text, purchaseOrderNumber, transactionId } = await sendInLayout('pipe');
		const order = { ...orderOf(text, '|', '~'), purchaseOrderNumber, transactionId, text };
		await sendX12(s, '855', acknowledgment(order));
		expect((await entryOf(s, purchaseOrderNumber))['855']).toMatchObject({ state: 'accepted' });
	});

	it('takes a layout object, filling what it leaves out from the default', async () => {
		const { text } = await sendInLayout({ elementSeparator: '^', segmentTerminator: '!\r\n' });
		expect(text).toMatch(/^ISA\^00\^/);
		expect(text.split('!\r\n').length).toBeGreaterThan(8);
	});

	it.each([
		[{ elementSeparator: 'A' }, 'x12Layout.elementSeparator'],
		[{ elementSeparator: '~' }, 'must differ from the segment terminator'],
		[{ segmentTerminator: '~~' }, 'x12Layout.segmentTerminator'],
		[{ indent: 'xx' }, 'x12Layout.indent'],
		[{ bom: 'yes' }, 'x12Layout.bom'],
		[{ colour: 'red' }, 'property x12Layout.colour should not exist'],
		['fancy', 'x12Layout must be one of tilde-newline, pipe, newline, bom, indented'],
	])('refuses %j, naming the field', async (x12Layout, text) => {
		const res = await s.raw.put('/_sandbox/config', { x12Layout });
		expect(res.status).toBe(400);
		expect(JSON.stringify(res.data)).toContain(text);
	});
});

const validated = withValidator.test;

describe('the independent 004010 validator', () => {
	// It allows CR/LF after a terminator and nothing else: a BOM and indentation are its errors.
	validated(
		'finds no error in the partner’s 850s in the tilde-newline, pipe and newline layouts',
		async () => {
			const texts: string[] = [];
			for (const name of ['tilde-newline', 'pipe', 'newline'])
				for (let i = 0; i < 4; i++) texts.push((await sendInLayout(name)).text);
			const verdicts = validateAll(texts);
			expect(verdicts.flatMap((v) => v.errors)).toEqual([]);
			console.log(`x12-validate: ${texts.length} partner 850s in 3 layouts, 0 errors`);
		},
	);
});
