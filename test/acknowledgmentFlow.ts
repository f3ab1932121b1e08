/**
 * Documents the organization sends the demo partner on one integration path, so that each
 * acknowledgment status can be brought about: an 855, an 856 and an 810 answering one order (all
 * accepted), and an 810 whose total is wrong (rejected). Built with the sandbox tests'
 * hand-written documents (test/sandbox/outboundDocuments.ts), independent of the node.
 */
import type { Running } from './sandbox/helpers';
import {
	jsonOrder,
	sendOn,
	structured,
	x12,
	x12Order,
	type Path,
} from './sandbox/outboundDocuments';

export { PATHS, type Path } from './sandbox/outboundDocuments';

export interface OrderFlow {
	purchaseOrderNumber: string;
	/** Sends the 855, 856 or 810, or the wrong invoice (`810bad`); its transaction id. */
	send(type: '855' | '856' | '810' | '810bad'): Promise<number>;
}

/** A partner's order on the path's mode, and the documents answering it. */
export async function orderFlow(s: Running, path: Path): Promise<OrderFlow> {
	if (path === 'structured') {
		const order = await jsonOrder(s);
		const number = order.purchaseOrderNumber as string;
		const docs = {
			'855': structured.ack(order),
			'856': structured.shipNotice(order, `SHP-${number}`),
			'810': structured.invoice(order, `INV-${number}`),
			'810bad': structured.invoice(order, `INV-${number}-B`, 1_000_000n),
		};
		return {
			purchaseOrderNumber: number,
			send: async (type) => (await sendOn(s, path, docs[type]))[0],
		};
	}
	const order = await x12Order(s);
	const docs = {
		'855': x12.ack(order),
		'856': x12.shipNotice(order),
		'810': x12.invoice(order),
		'810bad': x12.invoice(order, `INV-${order.purchaseOrderNumber}-B`, '1'),
	};
	return {
		purchaseOrderNumber: order.purchaseOrderNumber,
		send: async (type) => (await sendOn(s, path, docs[type]))[0],
	};
}

/** PUT /_sandbox/config acknowledgments (the whole object; left out: the defaults). */
export async function acknowledgmentSettings(s: Running, settings: object): Promise<void> {
	const res = await s.raw.put('/_sandbox/config', { acknowledgments: settings });
	if (res.status !== 200) throw new Error(`config refused: ${JSON.stringify(res.data)}`);
}
