/** Documents ⇄ X12 (004010): the 850 reader here; pure functions, no I/O. */
export { read850, type Read850Result, type X12Unmapped } from './read850';
export { documentsFromX12, isX12Text, purchaseOrderFromX12, READABLE_TYPES } from './fromX12';
export type { X12Document, X12Documents, X12PurchaseOrder } from './fromX12';
