/** Build From Purchase Order → 810: the invoice's number, date and charges. */
import { buildInvoice } from '../../../../documents';
import { readJsonParameter } from '../../../fields';
import {
	dateOf,
	documentOptions,
	INVOICE,
	pricesForUnpricedLinesOption,
	readAcknowledgment,
	readOrderGaps,
	today,
	unitWhenMissingOption,
	type DocumentBuild,
} from './fields';

export const invoice: DocumentBuild = {
	lines: [],
	options: documentOptions(INVOICE, 'Number, date and charges of the invoice (810)', [
		{
			displayName: 'Carry Over Charges and Allowances',
			name: 'carryChargesAndAllowances',
			type: 'boolean',
			default: true,
			description: 'Whether the invoice carries over the purchase order’s charges and allowances',
		},
		{
			displayName: 'Invoice Date',
			name: 'invoiceDate',
			type: 'dateTime',
			default: '',
			description: 'The date of the invoice; empty means today',
		},
		{
			displayName: 'Invoice Number',
			name: 'invoiceNumber',
			type: 'string',
			default: '',
			description: 'Your invoice number; empty means INV-&lt;PO number&gt;',
		},
		pricesForUnpricedLinesOption,
		unitWhenMissingOption,
	]),
	build(order, options, itemIndex) {
		return buildInvoice(order, {
			...readOrderGaps.call(this, options, itemIndex),
			invoiceDate: dateOf(options.invoiceDate) ?? today(),
			invoiceNumber: options.invoiceNumber as string | undefined,
			acknowledgment: readAcknowledgment.call(this, itemIndex),
			shipNotice: readJsonParameter.call(this, 'shipNotice', 'Ship Notice (856)', itemIndex),
			// Read as a boolean with the options (shared/parameters.ts): "false" is false.
			carryChargesAndAllowances: options.carryChargesAndAllowances as boolean | undefined,
		});
	},
};
