// placeholder until the document builders land (issue 5)
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
export const buildFields: INodeProperties[] = [];
export function buildMessage(this: IExecuteFunctions, _type: string, _itemIndex: number): { message: IDataObject; senderId?: string; receiverId?: string } {
	throw new Error('not yet');
}
