/**
 * SSCC-18, the serial shipping container code a GS1-128 label carries and an 856 names in MAN*GM:
 * extension digit + GS1 company prefix + serial reference (17 digits), then the mod-10 check digit.
 * Receivers reject a wrong check digit, so it is always computed here, never taken on trust.
 */
import { DocumentError } from './errors';
import { gs1CheckDigit, isCompanyPrefix, serialDigitsFor } from './gs1';

/** How the writer numbers packages it labels: options, never a clock or a counter of its own. */
export interface SsccOptions {
	/** GS1 company prefix, 7 to 10 digits (e.g. "0614141"). */
	companyPrefix: string;
	/**
	 * Serial reference of the first package; the next packages count up from it. Default 1. Or a
	 * function handing out the first of `count` consecutive serial references (numbered from the
	 * execution: actions/executionNumbers.ts), asked once, with the number of packages to label.
	 */
	firstSerial?: number | string | ((count: number) => string);
	/** Extension digit 0–9 (the packer's choice). Default "0". */
	extensionDigit?: string;
}

/** The options of one sequence: its first serial known. */
export type SsccSequenceOptions = Omit<SsccOptions, 'firstSerial'> & {
	firstSerial?: number | string;
};

/** Hands out consecutive SSCC-18s; refuses options that cannot form one, naming the option. */
export class SsccSequence {
	private next: bigint;
	private readonly head: string;
	private readonly serialDigits: number;

	constructor(options: SsccSequenceOptions) {
		const prefix = String(options.companyPrefix ?? '');
		if (!isCompanyPrefix(prefix))
			throw new DocumentError(
				`The option "sscc.companyPrefix" is ${JSON.stringify(options.companyPrefix)}: a GS1 company prefix is 7 to 10 digits`,
				'sscc.companyPrefix',
			);
		const extension = String(options.extensionDigit ?? '0');
		if (!/^\d$/.test(extension))
			throw new DocumentError(
				`The option "sscc.extensionDigit" is ${JSON.stringify(options.extensionDigit)}: one digit 0–9`,
				'sscc.extensionDigit',
			);
		const first = String(options.firstSerial ?? '1');
		this.serialDigits = serialDigitsFor(prefix.length);
		if (!/^\d+$/.test(first) || first.length > this.serialDigits)
			throw new DocumentError(
				`The option "sscc.firstSerial" is ${JSON.stringify(options.firstSerial)}: with a ${prefix.length}-digit company prefix the serial is at most ${this.serialDigits} digits`,
				'sscc.firstSerial',
			);
		this.head = extension + prefix;
		this.next = BigInt(first);
	}

	/** The next SSCC-18 (18 digits, check digit included). */
	take(): string {
		const serial = this.next.toString();
		if (serial.length > this.serialDigits)
			throw new DocumentError(
				`The SSCC serials ran past ${this.serialDigits} digits: choose a lower "sscc.firstSerial"`,
				'sscc.firstSerial',
			);
		this.next += 1n;
		const body = this.head + serial.padStart(this.serialDigits, '0');
		return body + String(gs1CheckDigit(body));
	}
}
