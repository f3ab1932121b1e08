/**
 * Check Document: the chargeback shield as an operation. An 855, 856 or 810 built elsewhere is
 * checked against its 850 (and the 855/856 before it) with the builders' rules. Sends nothing.
 */
import type {
	IDisplayOptions,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { DocumentError } from '../../documents';
import { applyChanges } from '../../documents/applyChange';
import { type CheckedType, checkDocument, type DocumentProblem } from '../../documents/check';
import { codesThat, typeLabel } from '../../documents/registry';
import { readJsonParameter } from '../fields';
import { purchaseOrderChangesField, readChanges } from './applyChange';
import { readOrder, type SourceField } from './create/fromPurchaseOrder/order';
import { forOperation, type Operation } from '../types';

/** The types the registry says can be checked (`check`). */
const CHECKED = codesThat('check').map((code) => ({
	name: typeLabel(code),
	value: code as CheckedType,
}));

const CHECKED_ORDER: SourceField = {
	name: 'checkOrder',
	label: 'Purchase Order (850)',
	x12: '850',
};

/**
 * The 850 and the earlier documents a check reads: shared by Check Document and Create's check.
 * `show`: when they are shown; `ofTypes`: the display condition for some document types.
 */
type Show = NonNullable<IDisplayOptions['show']>;

export function shieldFields(
	show: Show,
	ofTypes: (types: CheckedType[]) => Show,
): INodeProperties[] {
	const shown = (types: CheckedType[]) => ({ show: { ...show, ...ofTypes(types) } });
	return [
		{
			displayName: 'Purchase Order (850)',
			name: 'checkOrder',
			type: 'json',
			default: '',
			description:
				'The 850 the document answers: an item as the trigger or Inbox → Get Many emit it (an X12 one too), the purchase order message itself, or an X12 interchange holding one 850',
			displayOptions: { show },
		},
		{
			displayName: 'Acknowledgment (855)',
			name: 'checkAcknowledgment',
			type: 'json',
			default: '',
			description:
				'Optional: the 855 sent for this order. Then nothing may ship or be billed beyond what it accepted.',
			displayOptions: shown(['856', '810']),
		},
		{
			displayName: 'Ship Notice (856)',
			name: 'checkShipNotice',
			type: 'json',
			default: '',
			description:
				'Optional: the 856 sent for this order. Then nothing may be billed beyond what it shipped.',
			displayOptions: shown(['810']),
		},
		{
			...purchaseOrderChangesField,
			name: 'checkChanges',
			description:
				'Optional: the 860s received for this order (one message or a list). The document is then checked against the effective order: no deleted line shipped or billed, changed quantities and prices followed, nothing for a cancelled order.',
			displayOptions: shown(['856', '810']),
		},
	];
}

/** The problems of `document`; an unreadable 850 or earlier document is an error naming it. */
export function shieldProblems(
	this: IExecuteFunctions,
	type: CheckedType,
	document: unknown,
	itemIndex: number,
): DocumentProblem[] {
	const read = (name: string, label: string) =>
		readJsonParameter.call(this, name, label, itemIndex);
	// Any shape Build From Purchase Order takes: an X12 item or text is read into its 850.
	const given = readOrder.call(this, itemIndex, CHECKED_ORDER).order;
	try {
		const changes = type === '855' ? '' : readChanges.call(this, 'checkChanges', itemIndex);
		const applied =
			changes === undefined || changes === null || changes === ''
				? undefined
				: applyChanges(given, changes);
		return checkDocument(type, document, applied?.effectiveOrder ?? given, {
			acknowledgment:
				type === '855' ? undefined : read('checkAcknowledgment', 'Acknowledgment (855)'),
			shipNotice: type === '810' ? read('checkShipNotice', 'Ship Notice (856)') : undefined,
			addedLines: applied?.changeLog.filter((e) => e.change === 'added'),
		});
	} catch (error) {
		if (!(error instanceof DocumentError))
			throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
		throw new NodeOperationError(this.getNode(), `Nothing to check against: ${error.message}`, {
			description:
				'Point Purchase Order (850) at the 850 this document answers (and Acknowledgment / Ship Notice at the documents sent before it, Changes (860) at its 860s).',
			itemIndex,
		});
	}
}

/** Create's check: refuses to send a document a retailer would reject or charge back. */
export function refuseProblems(
	this: IExecuteFunctions,
	type: CheckedType,
	problems: DocumentProblem[],
	itemIndex: number,
): void {
	if (problems.length === 0) return;
	const listed = problems.map((p) => `${p.field}: ${p.problem} (a retailer ${p.partner})`);
	throw new NodeOperationError(
		this.getNode(),
		`The ${type} does not match its purchase order: ${listed.slice(0, 5).join('; ')}${listed.length > 5 ? `; and ${listed.length - 5} more` : ''}`,
		{
			description:
				'Nothing was sent. Fix the document where it is built, or turn off Check Against Purchase Order to send it as it is.',
			itemIndex,
		},
	);
}

export const CHECKED_TYPES = CHECKED.map((type) => type.value);

export const checkDocumentOperation: Operation = {
	subtitle: '"Check " + $parameter["checkedType"]',
	description: forOperation('transaction', 'checkDocument', [
		{
			displayName: 'Document Type',
			name: 'checkedType',
			type: 'options',
			default: '856',
			options: CHECKED,
			description: 'The kind of document to check',
		},
		{
			displayName: 'Document',
			name: 'checkedDocument',
			type: 'json',
			default: '={{ $json.message }}',
			description:
				'The structured message built elsewhere (e.g. by your warehouse or accounting system)',
		},
		...shieldFields({}, (types) => ({ checkedType: types })),
	]),

	async execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
		const type = this.getNodeParameter('checkedType', itemIndex) as CheckedType;
		const document = readJsonParameter.call(this, 'checkedDocument', 'Document', itemIndex);
		const problems = shieldProblems.call(this, type, document, itemIndex);
		return [{ json: { documentType: type, ok: problems.length === 0, problems } }];
	},
};
