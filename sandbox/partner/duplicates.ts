/**
 * The partner refuses a second document carrying a business number it already accepted from the
 * same sender as the same type, as retailers do: an invoice, a shipment or an inventory report is
 * counted once. An 855 or 865 may be sent again (a revised answer).
 */

/** What each type's business number is, in the partner's words. */
const NUMBERED: Record<string, string> = {
	'810': 'invoice',
	'856': 'shipment',
	'846': 'inventory report',
};

/** Whether the partner counts this type's documents once per business number. */
export const countedOnce = (type: string): boolean => type in NUMBERED;

/** The reason a duplicate is rejected: "duplicate invoice INV-1, already accepted as transaction 12". */
export const duplicateReason = (type: string, number: string, first: number): string =>
	`duplicate ${NUMBERED[type]} ${number}, already accepted as transaction ${first}`;

/** One business number the partner accepted: what a later document of the sender must not repeat. */
export interface AcceptedNumber {
	senderId: string;
	type: string;
	businessNumber: string;
	transactionId: number;
}

export const acceptedKey = ({
	senderId,
	type,
	businessNumber,
}: Omit<AcceptedNumber, 'transactionId'>) => JSON.stringify([senderId, type, businessNumber]);
