/** What the partner makes of a transaction set sent to it as X12 segments (X12 passthrough or service JSON). */
import type { TotalsCheck } from './invoice';
import type { Json } from './read';
import { readAcknowledgment } from './x12Acknowledgment';
import { type ChangeAcknowledgment, readChangeAcknowledgment } from './x12ChangeAck';
import { type FunctionalAck, readFunctionalAck } from './x12FunctionalAck';
import { bodyOf } from './x12Elements';
import type { InventoryAdvice } from './inventory';
import { readInventoryAdvice } from './x12Inventory';
import { readInvoice } from './x12Invoice';
import { readShipNotice } from './x12ShipNotice';

export type X12Reply =
	| {
			kind: 'document';
			type: '855' | '856' | '810';
			message: Json;
			reasons: string[];
			totals?: TotalsCheck;
	  }
	| { kind: 'functionalAck'; ack: FunctionalAck; reasons: string[]; totals?: undefined }
	| { kind: 'changeAck'; ack: ChangeAcknowledgment; reasons: string[]; totals?: undefined }
	| { kind: 'inventory'; advice: InventoryAdvice; reasons: string[]; totals?: undefined };

/** The set read the partner's way, or undefined for a type it does not score. */
export function readX12Reply(type: string, segments: string[][]): X12Reply | undefined {
	const body = bodyOf(segments);
	switch (type) {
		case '855':
			return { kind: 'document', type, message: readAcknowledgment(body), reasons: [] };
		case '856':
			return { kind: 'document', type, ...readShipNotice(body) };
		case '810':
			return { kind: 'document', type, ...readInvoice(body) };
		case '865':
			return { kind: 'changeAck', ack: readChangeAcknowledgment(body), reasons: [] };
		case '846':
			return { kind: 'inventory', advice: readInventoryAdvice(body), reasons: [] };
		case '997':
			return { kind: 'functionalAck', ack: readFunctionalAck(body), reasons: [] };
		default:
			return undefined;
	}
}
