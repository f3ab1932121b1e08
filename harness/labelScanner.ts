/**
 * Reading our labels with code no one here wrote: zpl-renderer-js (Zebrash, a ZPL renderer)
 * prints each label's ZPL to a PNG, zxing-wasm (ZXing C++) decodes the barcodes in the image
 * (devDependencies, tests and the preview script only; both run in a worker thread,
 * harness/labelWorker.js). `checkLabels` then holds the labels to the ship notice: per label exactly
 * one GS1-128 barcode (symbology identifier ]C1) encoding 00 + the SSCC the 856 carries for that
 * package and one encoding 420 + the ship-to postal code, and one label per SSCC of the 856.
 */
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

import { LABEL_MM } from '../nodes/EdiExchange/labels';

export interface Decoded {
	/** ]C1 for GS1-128, ]C0 for a plain Code 128. */
	symbology: string;
	/** The data as ZXing gives it: GS1 element strings with their AIs in parentheses, "(00)0…". */
	text: string;
}

/** One label of a ZPL file: its image, and the barcodes decoded from it. */
export interface ScannedLabel {
	png: Buffer;
	codes: Decoded[];
}

let worker: Worker | undefined;
let asked = 0;
const waiting = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
	if (worker) return worker;
	worker = new Worker(join(__dirname, 'labelWorker.js'));
	worker.unref();
	worker.on('message', (answer: { id: number; labels?: any[]; error?: string }) => {
		const pending = waiting.get(answer.id);
		waiting.delete(answer.id);
		if (answer.error) pending?.reject(new Error(answer.error));
		else pending?.resolve(answer.labels);
	});
	return worker;
}

/** Each label of a ZPL file (^XA … ^XZ, one or many), rendered at `dpmm` dots/mm and decoded. */
export async function scanLabels(zpl: string, dpmm = 8): Promise<ScannedLabel[]> {
	const id = ++asked;
	const labels = await new Promise<Array<{ png: string; codes: Decoded[] }>>((resolve, reject) => {
		waiting.set(id, { resolve, reject });
		theWorker().postMessage({ id, zpl, dpmm, widthMm: LABEL_MM.width, heightMm: LABEL_MM.height });
	});
	return labels.map((l) => ({ png: Buffer.from(l.png, 'base64'), codes: l.codes }));
}

/** Stops the worker (scripts; jest's workers end with the test file). */
export async function stopScanning(): Promise<void> {
	await worker?.terminate();
	worker = undefined;
}

export interface LabelVerdict {
	/** What is wrong, one line each; empty when every label is right. */
	problems: string[];
	/** The SSCC each label's barcode encodes, in label order. */
	ssccs: string[];
}

/**
 * The labels (as scanned) against the ship notice's SSCCs and the ship-to postal code as AI 420
 * holds it.
 */
export function checkLabels(
	labels: ScannedLabel[],
	expected: { ssccs: string[]; postalCode: string },
): LabelVerdict {
	const problems: string[] = [];
	const ssccs: string[] = [];
	labels.forEach(({ codes }, i) => {
		const gs1 = codes.filter((c) => c.symbology === ']C1');
		const sscc = gs1.filter((c) => c.text.startsWith('(00)'));
		const postal = gs1.filter((c) => c.text.startsWith('(420)'));
		if (sscc.length !== 1)
			problems.push(
				`label ${i + 1}: ${sscc.length} GS1-128 SSCC barcodes (00), not 1: ${JSON.stringify(codes)}`,
			);
		else ssccs.push(sscc[0].text.slice(4));
		if (postal.length !== 1 || postal[0].text !== `(420)${expected.postalCode}`)
			problems.push(
				`label ${i + 1}: no single GS1-128 (420)${expected.postalCode}: ${JSON.stringify(codes)}`,
			);
	});
	const want = new Set(expected.ssccs);
	const got = new Set(ssccs);
	for (const s of ssccs.filter((s) => !want.has(s)))
		problems.push(`a label carries ${s}, which the 856 does not`);
	for (const s of expected.ssccs.filter((s) => !got.has(s)))
		problems.push(`the 856's SSCC ${s} has no label`);
	if (got.size !== ssccs.length) problems.push(`an SSCC is on two labels: ${ssccs.join(', ')}`);
	if (labels.length !== expected.ssccs.length)
		problems.push(`${labels.length} labels for ${expected.ssccs.length} SSCCs in the 856`);
	return { problems, ssccs };
}

/** The SSCCs of a ship notice (856 message), pallets then their cartons, in document order. */
export function ssccsOf(message: any): string[] {
	return (message.orders ?? []).flatMap((o: any) =>
		(o.pallets ?? []).flatMap((p: any) => [
			p.serialShippingId,
			...(p.cartons ?? []).map((c: any) => c.serialShippingId),
		]),
	);
}
