/**
 * Build From Purchase Order (856): the SSCC-18 label options. With a GS1 company prefix every
 * pallet and carton of the ship notice carries an SSCC-18 (`serialShippingId`, MAN*GM in X12),
 * its serial references numbered from the execution (never repeated on one n8n instance, as the
 * X12 control numbers: executionNumbers.ts), or counting up from a first serial reference the
 * workflow gives from a sequence it owns; a line to ship may give its carton's own serial reference.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { DocumentError } from '../../../../documents';
import { isCompanyPrefix, serialDigitsFor } from '../../../../documents/gs1';
import type { SsccOptions } from '../../../../x12Documents';
import { EXECUTION_DIGITS, type NumberKind, numberFromExecution } from '../../../executionNumbers';

/** Shown among the 856's Document Options. */
export const ssccFields: INodeProperties[] = [
	{
		displayName: 'SSCC Company Prefix',
		name: 'ssccCompanyPrefix',
		type: 'string',
		default: '',
		placeholder: 'e.g. 0614141',
		description:
			'Your GS1 company prefix (7 to 10 digits): every pallet and carton then gets an SSCC-18 label (MAN*GM in X12)',
	},
	{
		displayName: 'SSCC Extension Digit',
		name: 'ssccExtensionDigit',
		type: 'string',
		default: '0',
		description: 'The SSCC’s first digit (0–9), your choice of packaging',
	},
	{
		displayName: 'SSCC First Serial Reference',
		name: 'ssccFirstSerial',
		type: 'string',
		default: '',
		placeholder: 'e.g. {{ $json.nextSerial }}',
		description:
			'Empty: numbered from the n8n execution ID, never repeated on this n8n instance (7- and 8-digit prefixes). Or the serial reference of the first package from a sequence your workflow keeps (a Data Table or database step); the next ones count up from it (pallet, then its cartons).',
	},
];

/** Shown in each Line to Ship. */
export const ssccLineField: INodeProperties = {
	displayName: 'SSCC Serial Reference',
	name: 'serialReference',
	type: 'string',
	default: '',
	description:
		'Optional: the serial reference of this line’s carton (needs SSCC Company Prefix), instead of the next one',
};

/** The SSCC options given, checked naming the field; undefined when no prefix is given. */
export function readSscc(
	this: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
): SsccOptions | undefined {
	const text = (name: string) => String(options[name] ?? '').trim();
	const prefix = text('ssccCompanyPrefix');
	const first = text('ssccFirstSerial');
	const extension = text('ssccExtensionDigit') || '0';
	if (prefix === '') {
		if (first !== '')
			throw new DocumentError(
				'SSCC First Serial Reference is given, but SSCC Company Prefix is empty: an SSCC-18 needs both',
			);
		return undefined;
	}
	if (!isCompanyPrefix(prefix))
		throw new DocumentError(
			`SSCC Company Prefix is ${JSON.stringify(prefix)}: a GS1 company prefix is 7 to 10 digits`,
		);
	if (!/^\d$/.test(extension))
		throw new DocumentError(`SSCC Extension Digit is ${JSON.stringify(extension)}: one digit 0–9`);
	const digits = serialDigitsFor(prefix.length);
	if (first === '')
		return {
			companyPrefix: prefix,
			extensionDigit: extension,
			firstSerial: (count) => fromExecution.call(this, prefix.length, count, itemIndex),
		};
	if (!new RegExp(`^\\d{1,${digits}}$`).test(first))
		throw new DocumentError(
			`SSCC First Serial Reference is ${JSON.stringify(first)}: with a ${prefix.length}-digit company prefix it is 1 to ${digits} digits`,
		);
	return { companyPrefix: prefix, firstSerial: first, extensionDigit: extension };
}

/**
 * The first of `count` serial references from the execution: its ID's last seven digits, then
 * the package's place in the execution (the digits the prefix leaves after those seven).
 */
function fromExecution(
	this: IExecuteFunctions,
	prefixLength: number,
	count: number,
	itemIndex: number,
): string {
	const serialDigits = serialDigitsFor(prefixLength);
	const placeDigits = serialDigits - EXECUTION_DIGITS;
	if (placeDigits < 1)
		throw new DocumentError(
			`SSCC First Serial Reference is empty, and a ${prefixLength}-digit company prefix leaves ${serialDigits} digits for the serial reference: too few to number from the execution ID (${EXECUTION_DIGITS} digits, and at least one for the package), so serials could repeat. Give SSCC First Serial Reference from a sequence your workflow keeps (a Data Table or Postgres step before this one, advanced by the number of packages: docs/labels.md#serial-references)`,
		);
	return String(numberFromExecution.call(this, ssccKind(placeDigits), { itemIndex }, count));
}

const ssccKind = (placeDigits: number): NumberKind => ({
	placesIn: 'ssccSerialPlaces',
	placeDigits,
	numbers: 'SSCC serial references',
	what: 'packages (SSCCs)',
	instead:
		'Build the rest from a sub-workflow (each Execute Workflow run is an execution of its own), or give SSCC First Serial Reference from a sequence your workflow keeps (docs/labels.md#serial-references).',
	withoutId:
		'Give SSCC First Serial Reference from a sequence your workflow keeps (docs/labels.md#serial-references).',
});
