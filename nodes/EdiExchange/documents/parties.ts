/** Envelope helpers: a reply goes back the way the purchase order came. */
export interface EnvelopeParties {
	senderId: string;
	receiverId: string;
}

/** Sender and receiver of a reply (855, 856, 810) to a purchase order: the 850's, swapped. */
export function replyParties(orderEnvelope: EnvelopeParties): EnvelopeParties {
	return { senderId: orderEnvelope.receiverId, receiverId: orderEnvelope.senderId };
}
