/**
 * Build From Purchase Order (856): the SSCC-18 label options. With a GS1 company prefix and a
 * first serial reference, every pallet and carton of the ship notice carries an SSCC-18
 * (`serialShippingId`, MAN*GM in X12); a line to ship may give its carton's own serial reference.
 * The node keeps no serial counter: the first serial comes from the user (a store the workflow owns).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { DocumentError } from '../../../../documents';
import type { SsccOptions } from '../../../../x12Documents';

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
			'The serial reference of the first package; the next ones count up from it (pallet, then its cartons). Give a number never used before, e.g. from a counter your workflow keeps.',
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
export function readSscc(options: IDataObject): SsccOptions | undefined {
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
	if (!/^\d{7,10}$/.test(prefix))
		throw new DocumentError(
			`SSCC Company Prefix is ${JSON.stringify(prefix)}: a GS1 company prefix is 7 to 10 digits`,
		);
	if (!/^\d$/.test(extension))
		throw new DocumentError(`SSCC Extension Digit is ${JSON.stringify(extension)}: one digit 0–9`);
	const digits = 16 - prefix.length;
	if (!new RegExp(`^\\d{1,${digits}}$`).test(first))
		throw new DocumentError(
			first === ''
				? 'SSCC First Serial Reference is empty: give the serial reference of the first package (the node keeps no counter)'
				: `SSCC First Serial Reference is ${JSON.stringify(first)}: with a ${prefix.length}-digit company prefix it is 1 to ${digits} digits`,
		);
	return { companyPrefix: prefix, firstSerial: first, extensionDigit: extension };
}
