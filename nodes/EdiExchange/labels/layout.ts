/**
 * One GS1 logistics label (GS1 Logistics Label guideline) as ZPL II, 4 × 6 in, laid out in
 * millimetres and printed at 8 dots/mm (203 dpi) or 12 (300 dpi). Top to bottom, its zones:
 * ship from and ship to; the carrier zone with the ship-to postal code as GS1-128 (AI 420); the
 * customer zone (PO number, department, store, carton n of m); the SSCC zone at the bottom: the
 * SSCC as GS1-128 (AI 00) above its human-readable line.
 */
import { AI, ssccHumanReadable } from '../documents/gs1';
import type { Package, Party, Shipment } from './shipment';
import { fieldData, gs1Code128, printableText } from './zpl';

/** 203 dpi (8 dots/mm) or 300 dpi (12 dots/mm). */
export type Resolution = 203 | 300;
export const DOTS_PER_MM: Record<Resolution, number> = { 203: 8, 300: 12 };
export const LABEL_MM = { width: 101.6, height: 152.4 } as const;

/** GS1's logistics label: X-dimension 0.495–1.016 mm; SSCC bars at least 31.75 mm high. */
const MODULE_MM = 0.5;
const SSCC_BAR_MM = 32;
const POSTAL_BAR_MM = 22;
const MARGIN = 3;
/** Font 0's character widths as shares of its height, a little wide (what a text's room is counted in). */
const glyphWidth = (c: string) =>
	/[MW@%]/.test(c)
		? 0.85
		: /[mw]/.test(c)
			? 0.7
			: /[A-Z\u00C0-\u00DE]/.test(c)
				? 0.5
				: /[0-9a-z\u00DF-\u00FF]/.test(c)
					? 0.45
					: 0.35;

/** How many characters of `text` fit in `room` (in heights of the font). */
function fitting(text: string, room: number): number {
	let used = 0;
	for (let i = 0; i < text.length; i++) {
		used += glyphWidth(text[i]);
		if (used > room) return i;
	}
	return text.length;
}

export interface LabelText {
	/** The same field names the warnings and errors use. */
	warnings: string[];
	companyPrefixLength?: number;
}

/** A ZPL writer in millimetres at one resolution. */
class Canvas {
	readonly lines: string[] = [];
	constructor(
		private readonly dpmm: number,
		private readonly text: LabelText,
	) {}

	dots = (mm: number) => Math.round(mm * this.dpmm);

	/**
	 * A text field at (x, y) mm, `size` mm high; printed as given, or transliterated, or refused.
	 * Text wider than `width` mm is cut (with a warning): a ZPL field block would print the rest
	 * over its last line.
	 */
	write(x: number, y: number, size: number, value: string, field: string, width?: number) {
		let printable = printableText(value, field, this.text.warnings);
		const fits = fitting(printable, width === undefined ? Infinity : width / size);
		if (fits < printable.length) {
			const space = printable.lastIndexOf(' ', fits);
			const cut = printable.slice(0, space > fits / 2 ? space : fits).trimEnd();
			this.text.warnings.push(`${field}: "${printable}" is cut to "${cut}" to fit the label`);
			printable = cut;
		}
		const h = this.dots(size);
		this.lines.push(
			`^FO${this.dots(x)},${this.dots(y)}^A0N,${h},${h}^FH_^FD${fieldData(printable)}^FS`,
		);
	}

	line(y: number) {
		this.lines.push(
			`^FO0,${this.dots(y)}^GB${this.dots(LABEL_MM.width)},${Math.max(2, this.dots(0.3))},${Math.max(2, this.dots(0.3))}^FS`,
		);
	}

	/** A GS1-128 barcode, centred, its module as close to 0.5 mm as fits the label with quiet zones. */
	gs1(y: number, height: number, ai: string, value: string) {
		const { data, modules } = gs1Code128(ai, value);
		const room = this.dots(LABEL_MM.width - 2 * MARGIN) / (modules + 20); // 10 modules quiet each side
		const module = Math.max(1, Math.min(this.dots(MODULE_MM), Math.floor(room)));
		const x = Math.round((this.dots(LABEL_MM.width) - module * modules) / 2);
		this.lines.push(
			`^FO${x},${this.dots(y)}^BY${module}^BCN,${this.dots(height)},N,N,N^FD${data}^FS`,
		);
	}
}

function party(canvas: Canvas, x: number, title: string, p: Party, size: number, width: number) {
	canvas.write(x, MARGIN, 2.2, title, title);
	canvas.write(x, MARGIN + 3.5, size, p.name, `${p.path}.name`, width);
	p.lines
		.slice(0, 4)
		.forEach((line, i) =>
			canvas.write(x, MARGIN + 3.5 + (i + 1) * (size + 1), size, line, `${p.path} address`, width),
		);
}

/** The ZPL of one package's label (^XA … ^XZ). */
export function labelZpl(
	shipment: Shipment,
	pkg: Package,
	resolution: Resolution,
	text: LabelText,
): string {
	const canvas = new Canvas(DOTS_PER_MM[resolution], text);
	// Ship from (left) and ship to (right).
	party(canvas, MARGIN, 'FROM:', shipment.shipFrom, 2.6, 36);
	party(canvas, 42, 'TO:', shipment.shipTo, 3.6, 57);
	canvas.line(33);
	// Carrier zone: the ship-to postal code as GS1-128 (420), the carrier and its references.
	canvas.write(
		MARGIN,
		35,
		2.6,
		`SHIP TO POSTAL CODE (${AI.shipToPostalCode.ai}) ${shipment.postalCode}`,
		'parties.shipTo.postalCode',
		60,
	);
	const carrier = [
		shipment.carrier && `CARRIER: ${shipment.carrier}`,
		shipment.billOfLading && `B/L: ${shipment.billOfLading}`,
		shipment.trackingNumber && `PRO: ${shipment.trackingNumber}`,
	].filter((t): t is string => !!t);
	carrier.forEach((t, i) => canvas.write(64, 35 + i * 3.2, 2.6, t, 'carrier', 35));
	canvas.gs1(45.5, POSTAL_BAR_MM, AI.shipToPostalCode.ai, shipment.postalCode);
	canvas.line(70);
	// Customer zone.
	if (pkg.purchaseOrderNumber)
		canvas.write(
			MARGIN,
			73,
			5,
			`PO: ${pkg.purchaseOrderNumber}`,
			`${pkg.path} purchaseOrderNumber`,
			58,
		);
	if (pkg.department) canvas.write(MARGIN, 80, 3.6, `DEPT: ${pkg.department}`, 'department', 45);
	if (pkg.store) canvas.write(MARGIN, 85.5, 3.6, `STORE: ${pkg.store}`, 'store', 45);
	if (shipment.shipmentId)
		canvas.write(MARGIN, 92, 2.6, `SHIPMENT: ${shipment.shipmentId}`, 'shipmentId', 58);
	canvas.write(64, 74, 2.6, pkg.kind.toUpperCase(), 'kind');
	canvas.write(64, 79, 6, `${pkg.number} OF ${pkg.of}`, 'number');
	canvas.line(100);
	// SSCC zone.
	canvas.write(MARGIN, 102, 2.6, `${AI.sscc.title}`, 'sscc');
	canvas.gs1(106, SSCC_BAR_MM, AI.sscc.ai, pkg.sscc);
	const readable = ssccHumanReadable(pkg.sscc, text.companyPrefixLength);
	canvas.write(MARGIN, 141, 4.4, readable, `${pkg.path}.serialShippingId`);
	const dots = canvas.dots;
	return [
		'^XA',
		'^CI28',
		`^PW${dots(LABEL_MM.width)}`,
		`^LL${dots(LABEL_MM.height)}`,
		'^LH0,0',
		...canvas.lines,
		'^PQ1',
		'^XZ',
	].join('\n');
}
