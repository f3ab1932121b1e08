/**
 * Create → Build Inventory Advice From Rows: every input item is a row of one inventory feed; one
 * 846 per receiver (in parts of Max Lines per 846), an unchanged feed skipped within the window.
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ServiceClient } from '../../../../transport/client';

export async function sendInventoryFeed(
	this: IExecuteFunctions,
	_client: ServiceClient,
): Promise<INodeExecutionData[]> {
	throw new NodeOperationError(this.getNode(), 'Build Inventory Advice From Rows is not built yet');
}
